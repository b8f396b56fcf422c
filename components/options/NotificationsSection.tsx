import { useState } from 'react';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/settings/store';
import { FailureNotice } from './SectionNotices';
import { useLiveValue } from './use-draft';

type Switch = keyof Settings['notifications'];

const switches: { key: Switch; label: string; hint: string }[] = [
  {
    key: 'awaitingInput',
    label: t('options.notifications.awaitingInput'),
    hint: t('options.notifications.awaitingInputHint'),
  },
  {
    key: 'finished',
    label: t('options.notifications.finished'),
    hint: t('options.notifications.finishedHint'),
  },
  {
    key: 'errors',
    label: t('options.notifications.errors'),
    hint: t('options.notifications.errorsHint'),
  },
];

export function NotificationsSection({ settings }: { settings: Settings }) {
  const [error, setError] = useState<string | null>(null);
  const [switchesOn, setSwitchesOn] = useLiveValue(settings.notifications);
  return (
    <section id="notifications" className="options-section" aria-labelledby="notifications-title">
      <h2 id="notifications-title" tabIndex={-1}>
        {t('options.notifications.title')}
      </h2>
      <p className="muted">{t('options.notifications.intro')}</p>
      {switches.map(({ key, label, hint }) => (
        <div key={key} className="options-switch">
          <input
            id={`notify-${key}`}
            type="checkbox"
            role="switch"
            aria-checked={switchesOn[key]}
            aria-describedby={`notify-${key}-hint`}
            checked={switchesOn[key]}
            onChange={(event) => {
              setError(null);
              const next = { ...switchesOn, [key]: event.target.checked };
              setSwitchesOn(next);
              saveSettings({ notifications: next }).catch((failure: unknown) => {
                setSwitchesOn(settings.notifications);
                setError((failure as Error).message);
              });
            }}
          />
          <label htmlFor={`notify-${key}`} className="options-switch-label">
            {label}
          </label>
          <span id={`notify-${key}-hint`} className="field-hint options-switch-hint">
            {hint}
          </span>
        </div>
      ))}
      <FailureNotice text={error} />
    </section>
  );
}
