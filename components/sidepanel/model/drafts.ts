// Unsent words survive: a message being written is kept per conversation in storage.local, so
// closing the panel, switching conversations or a failed send loses nothing.
import { browser } from 'wxt/browser';

export interface MessageDraft {
  text: string;
  images: string[];
}

const keyOf = (scope: string) => `handoff:panel-draft:${scope}`;

export async function readDraft(scope: string): Promise<MessageDraft | null> {
  try {
    const stored = (await browser.storage.local.get(keyOf(scope)))[keyOf(scope)] as
      | Partial<MessageDraft>
      | undefined;
    if (!stored || typeof stored !== 'object') return null;
    return {
      text: typeof stored.text === 'string' ? stored.text : '',
      images: Array.isArray(stored.images)
        ? stored.images.filter((i) => typeof i === 'string')
        : [],
    };
  } catch {
    return null;
  }
}

/** Saves (or, when empty, forgets) a draft. Images that do not fit the quota are dropped first. */
export async function writeDraft(scope: string, draft: MessageDraft): Promise<void> {
  if (!draft.text && !draft.images.length) {
    await browser.storage.local.remove(keyOf(scope)).catch(() => {});
    return;
  }
  try {
    await browser.storage.local.set({ [keyOf(scope)]: draft });
  } catch {
    await browser.storage.local
      .set({ [keyOf(scope)]: { text: draft.text, images: [] } })
      .catch(() => {});
  }
}
