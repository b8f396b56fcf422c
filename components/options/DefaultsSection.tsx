import { useId, useState } from 'react';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/settings/store';
import { Field } from './Field';
import { SavedNotice } from './SectionNotices';
import { useDraft, useLiveValue } from './use-draft';

/** Longer instructions than this are almost surely a paste gone wrong; the service has no cap. */
const MAX_INSTRUCTIONS = 20_000;

interface DefaultsSectionProps {
  settings: Settings;
  /**
   * The shown server's settings and id: how new conversations start is each server's own (one
   * may still have the older way, another not). None before any server exists.
   */
  server?: { settings: Settings; id: string; name: string } | undefined;
}

export function DefaultsSection({ settings, server }: DefaultsSectionProps) {
  const serverSettings = server?.settings ?? settings;
  const [instructions, setInstructions, markSaved] = useDraft(settings.defaultInstructions);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<string | null>(null);
  const clickName = useId();
  const [clickBehaviour, setClickBehaviour] = useLiveValue(settings.clickBehaviour);
  const [apiPreference, setApiPreference] = useLiveValue(serverSettings.apiPreference);

  const save = (
    patch: Partial<Settings>,
    message: string,
    revert?: () => void,
    serverId?: string,
  ) => {
    setStatus(null);
    return saveSettings(patch, serverId).then(
      () => setStatus(message),
      (failure: unknown) => {
        revert?.();
        setError((failure as Error).message);
      },
    );
  };

  const onSaveInstructions = () => {
    if (instructions.length > MAX_INSTRUCTIONS) {
      setError(t('options.defaults.tooLong', { max: MAX_INSTRUCTIONS }));
      return;
    }
    setError(undefined);
    const value = instructions.trim();
    void save({ defaultInstructions: value }, t('options.defaults.instructionsSaved')).then(() =>
      markSaved(value),
    );
  };

  return (
    <section id="defaults" className="options-section" aria-labelledby="defaults-title">
      <h2 id="defaults-title" tabIndex={-1}>
        {t('options.defaults.title')}
      </h2>
      <form onSubmit={(event) => event.preventDefault()}>
        <Field
          label={t('options.defaults.instructions')}
          hint={t('options.defaults.instructionsHint')}
          error={error}
        >
          {(control) => (
            <textarea
              {...control}
              className="textarea"
              rows={4}
              value={instructions}
              onChange={(event) => setInstructions(event.target.value)}
            />
          )}
        </Field>
        <div className="options-actions">
          <button type="submit" className="btn btn-primary" onClick={onSaveInstructions}>
            {t('options.defaults.saveInstructions')}
          </button>
        </div>
      </form>

      <fieldset className="options-fieldset">
        <legend>{t('options.defaults.click')}</legend>
        {(['form', 'start'] as const).map((value) => (
          <label key={value} className="options-check">
            <input
              type="radio"
              name={clickName}
              value={value}
              checked={clickBehaviour === value}
              onChange={() => {
                setClickBehaviour(value);
                void save({ clickBehaviour: value }, t('options.defaults.clickSaved'), () =>
                  setClickBehaviour(settings.clickBehaviour),
                );
              }}
            />
            {value === 'form' ? t('options.defaults.clickForm') : t('options.defaults.clickStart')}
          </label>
        ))}
      </fieldset>

      {/* An agent server on its own has one interface: nothing to choose. */}
      {serverSettings.serverInfo?.kind === 'agent' ? null : (
        <Field
          label={t('options.defaults.api')}
          hint={
            settings.servers.length > 1 && server
              ? `${t('options.defaults.apiHint')} ${t('options.defaults.apiFor', { name: server.name })}`
              : t('options.defaults.apiHint')
          }
        >
          {(control) => (
            <select
              {...control}
              className="select input-medium"
              value={apiPreference}
              onChange={(event) => {
                const next = event.target.value as Settings['apiPreference'];
                setApiPreference(next);
                void save(
                  { apiPreference: next },
                  t('options.defaults.apiSaved'),
                  () => setApiPreference(serverSettings.apiPreference),
                  server?.id,
                );
              }}
            >
              <option value="auto">{t('options.defaults.apiAuto')}</option>
              <option value="v1">{t('options.defaults.apiV1')}</option>
              <option value="v0">{t('options.defaults.apiV0')}</option>
            </select>
          )}
        </Field>
      )}
      <SavedNotice text={status} />
    </section>
  );
}
