import { useId, useRef, useState } from 'react';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';
import { loadSettings, saveSettings } from '@/lib/settings/store';
import { FailureNotice, SavedNotice } from './SectionNotices';
import { exportFileName, exportSettings, parseSettingsFile, planImport } from './settings-transfer';

/** Settings files are a few kilobytes; anything far larger is not one. */
const MAX_FILE_BYTES = 1024 * 1024;

export function TransferSection({ settings }: { settings: Settings }) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const onExport = () => {
    setError(null);
    const blob = new Blob([exportSettings(settings)], { type: 'application/json' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName();
    link.click();
    // The click has started the download; the object URL is no longer needed after it.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus(t('options.transfer.exported', { file: link.download }));
  };

  const onImport = async (file: File) => {
    setError(null);
    setStatus(null);
    if (file.size > MAX_FILE_BYTES) {
      setError(t('options.transfer.tooLarge', { file: file.name }));
      return;
    }
    const parsed = parseSettingsFile(await file.text());
    if (!parsed.ok) {
      setError(t('options.transfer.failed', { file: file.name, reason: parsed.error }));
      return;
    }
    // Planned against the settings as stored now, not as this page last saw them.
    const plan = planImport(await loadSettings(), parsed.settings);
    if (!plan.ok) {
      setError(t('options.transfer.failed', { file: file.name, reason: plan.error }));
      return;
    }
    // One write: the file applies whole or not at all.
    await saveSettings(plan.patch);
    // The key stays bound to the server it was saved for (lib/settings/secrets.ts): a file
    // that only changes the address never sends it anywhere new, and servers it adds have none.
    setStatus(
      plan.added
        ? t('options.transfer.importedServers', { file: file.name, count: plan.added })
        : plan.serverChanged
          ? t('options.transfer.importedNewServer', { file: file.name })
          : t('options.transfer.imported', { file: file.name }),
    );
  };

  return (
    <section id="transfer" className="options-section" aria-labelledby="transfer-title">
      <h2 id="transfer-title" tabIndex={-1}>
        {t('options.transfer.title')}
      </h2>
      <p className="muted">{t('options.transfer.intro')}</p>
      <div className="options-actions">
        <button type="button" className="btn" onClick={onExport}>
          {t('options.transfer.export')}
        </button>
      </div>
      <div className="field">
        <label htmlFor={inputId}>{t('options.transfer.import')}</label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept=".json,application/json"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            onImport(file)
              .catch((failure: unknown) =>
                setError(
                  t('options.transfer.failed', {
                    file: file.name,
                    reason: (failure as Error).message,
                  }),
                ),
              )
              .finally(() => {
                // Choosing the same file again (after fixing it) must fire another change.
                if (fileInput.current) fileInput.current.value = '';
              });
          }}
        />
        <span className="field-hint">{t('options.transfer.importHint')}</span>
      </div>
      <SavedNotice text={status} />
      <FailureNotice text={error} />
    </section>
  );
}
