// Inputs that edit a saved setting: what the person typed is never overwritten by a change made
// elsewhere, and a control that saves at once shows the choice before the round trip.
import { useState } from 'react';

/**
 * An input's draft of a saved value. It follows the saved value until the person edits it, and
 * then never again until `markSaved`: a change elsewhere must not overwrite what someone is
 * typing, and a failed save must not lose it.
 */
export function useDraft<T>(
  saved: T,
  fingerprint: string = JSON.stringify(saved) ?? '',
): [T, (value: T) => void, (savedValue?: T) => void, boolean] {
  const [draft, setDraftState] = useState(saved);
  const [seen, setSeen] = useState(fingerprint);
  const [dirty, setDirty] = useState(false);
  if (seen !== fingerprint) {
    setSeen(fingerprint);
    if (!dirty) setDraftState(saved);
  }
  const setDraft = (value: T) => {
    setDirty(true);
    setDraftState(value);
  };
  /** The draft is saved (as `savedValue`, when the save normalised it). */
  const markSaved = (savedValue?: T) => {
    setDirty(false);
    if (savedValue !== undefined) setDraftState(savedValue);
  };
  return [draft, setDraft, markSaved, dirty];
}

/**
 * A control that saves on every change (a switch, a radio): it shows the person's choice at
 * once, before the storage round trip that brings it back as the saved value, and follows
 * the saved value whenever that changes (another tab, an import, a failed save's revert).
 */
export function useLiveValue<T>(
  saved: T,
  fingerprint: string = JSON.stringify(saved) ?? '',
): [T, (value: T) => void] {
  const [value, setValue] = useState(saved);
  const [seen, setSeen] = useState(fingerprint);
  if (seen !== fingerprint) {
    setSeen(fingerprint);
    setValue(saved);
  }
  return [value, setValue];
}
