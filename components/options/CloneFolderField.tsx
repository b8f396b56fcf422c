import { useState } from 'react';
import { t } from '@/lib/i18n/options';
import { cloneFolderFor, withCloneFolder } from '@/lib/settings/clone-folders';
import type { Settings } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/settings/store';
import { checkCloneFolder } from './clone-folder-form';
import { Field } from './Field';
import { SavedNotice } from './SectionNotices';
import { useDraft } from './use-draft';

/**
 * Where Handoff clones repositories on an agent server alone, kept for this server's origin only.
 * What was typed stays in the field whatever the check or the save says.
 */
export function CloneFolderField({
  settings,
  serverUrl,
}: {
  settings: Settings;
  serverUrl: string;
}) {
  const stored = cloneFolderFor(settings.cloneFolders, serverUrl);
  const [folder, setFolder, markSaved, dirty] = useDraft(stored);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | null>(null);
  // A saved value the starts refuse (it came from elsewhere): said until the person changes it.
  const storedCheck = checkCloneFolder(stored);
  const storedProblem =
    !dirty && !error && !storedCheck.ok
      ? t('options.cloneFolder.storedUnusable', { folder: stored, reason: storedCheck.error })
      : undefined;

  const onSave = () => {
    setStatus(null);
    const checked = checkCloneFolder(folder);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(undefined);
    void saveSettings({
      cloneFolders: withCloneFolder(settings.cloneFolders, serverUrl, checked.value),
    }).then(
      () => {
        markSaved(checked.value);
        setStatus(
          checked.value
            ? t('options.cloneFolder.saved', { folder: checked.value })
            : t('options.cloneFolder.savedDefault'),
        );
      },
      (failure: unknown) => setError((failure as Error).message),
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <Field
        label={t('options.cloneFolder.label')}
        hint={t('options.cloneFolder.hint')}
        error={error ?? storedProblem}
      >
        {(control) => (
          <input
            {...control}
            className="input input-medium"
            type="text"
            spellCheck={false}
            autoComplete="off"
            placeholder="~/handoff"
            value={folder}
            onChange={(event) => {
              setFolder(event.target.value);
              setError(undefined);
              setStatus(null);
            }}
          />
        )}
      </Field>
      <div className="options-actions">
        <button type="submit" className="btn btn-primary">
          {t('options.cloneFolder.save')}
        </button>
      </div>
      <SavedNotice text={status} />
    </form>
  );
}
