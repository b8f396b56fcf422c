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
  {
    key: 'pullRequests',
    label: t('options.notifications.pullRequests'),
    hint: t('options.notifications.pullRequestsHint'),
  },
  {
    key: 'onlyWhenAway',
    label: t('options.notifications.onlyWhenAway'),
    hint: t('options.notifications.onlyWhenAwayHint'),
  },
];

/** Whole minutes from 0 (off) to a day; anything else is said, and what was typed stays. */
function quietMinutesOf(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const minutes = Number(text.trim());
  return minutes <= 24 * 60 ? minutes : null;
}

function QuietField({ settings }: { settings: Settings }) {
  const [text, setText] = useState(String(settings.quietMinutes));
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const minutes = quietMinutesOf(text);
    if (minutes === null) {
      setProblem(t('options.notifications.quietInvalid'));
      return;
    }
    setProblem(null);
    if (minutes === settings.quietMinutes) return;
    saveSettings({ quietMinutes: minutes }).catch((failure: unknown) =>
      setProblem((failure as Error).message),
    );
  };
  return (
    <div className="field">
      <label htmlFor="quiet-minutes">{t('options.notifications.quiet')}</label>
      <input
        id="quiet-minutes"
        inputMode="numeric"
        value={text}
        aria-invalid={problem !== null}
        aria-describedby="quiet-minutes-hint"
        onChange={(event) => setText(event.target.value)}
        onBlur={save}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
      />
      <span id="quiet-minutes-hint" className="field-hint">
        {t('options.notifications.quietHint')}
      </span>
      <FailureNotice text={problem} />
    </div>
  );
}

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
      <QuietField settings={settings} />
      <FailureNotice text={error} />
    </section>
  );
}
