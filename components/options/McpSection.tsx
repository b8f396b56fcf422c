import { useMemo, useState } from 'react';
import { t } from '@/lib/i18n';
import type { Settings } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/settings/store';
import { Field, useFocusFirstInvalid } from './Field';
import {
  errorKey,
  formFromConfig,
  type McpErrors,
  type McpForm,
  type McpList,
  newRow,
  validateMcpForm,
} from './mcp-form';
import { useDraft } from './use-settings';

const lists: { list: McpList; title: string; add: string }[] = [
  {
    list: 'sse_servers',
    title: t('options.mcp.sseTitle'),
    add: t('options.mcp.addSse'),
  },
  {
    list: 'stdio_servers',
    title: t('options.mcp.stdioTitle'),
    add: t('options.mcp.addStdio'),
  },
  {
    list: 'shttp_servers',
    title: t('options.mcp.shttpTitle'),
    add: t('options.mcp.addShttp'),
  },
];

const rowTitle = (list: McpList, index: number) =>
  list === 'sse_servers'
    ? t('options.mcp.sseRow', { number: index + 1 })
    : list === 'stdio_servers'
      ? t('options.mcp.stdioRow', { number: index + 1 })
      : t('options.mcp.shttpRow', { number: index + 1 });

export function McpSection({ settings }: { settings: Settings }) {
  const fingerprint = JSON.stringify(settings.defaultMcpConfig) ?? 'null';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fingerprint stands for the config.
  const savedForm = useMemo(() => formFromConfig(settings.defaultMcpConfig), [fingerprint]);
  const [form, setForm, markSaved] = useDraft<McpForm>(savedForm, fingerprint);
  const [errors, setErrors] = useState<McpErrors>({});
  const [status, setStatus] = useState<string | null>(null);
  const formRef = useFocusFirstInvalid(errors);
  const [busy, setBusy] = useState(false);

  const update = <L extends McpList>(
    list: L,
    index: number,
    patch: Partial<McpForm[L][number]>,
  ) => {
    const rows = form[list].map((row, at) => (at === index ? { ...row, ...patch } : row));
    setForm({ ...form, [list]: rows });
    setStatus(null);
  };
  const add = (list: McpList) => {
    setForm({ ...form, [list]: [...form[list], newRow(list)] });
    setStatus(null);
  };
  const remove = (list: McpList, index: number) => {
    setForm({ ...form, [list]: form[list].filter((_, at) => at !== index) });
    // Messages are keyed by position: after a removal they would point at the wrong rows.
    setErrors({});
    setStatus(null);
  };

  const onSave = () => {
    const result = validateMcpForm(form);
    if (!result.ok) {
      setErrors(result.errors);
      setStatus(null);
      return;
    }
    setErrors({});
    setBusy(true);
    saveSettings({ defaultMcpConfig: result.config })
      .then(() => {
        markSaved();
        const count =
          (result.config?.sse_servers?.length ?? 0) +
          (result.config?.stdio_servers?.length ?? 0) +
          (result.config?.shttp_servers?.length ?? 0);
        setStatus(count ? t('options.mcp.saved', { count }) : t('options.mcp.savedNone'));
      })
      .catch((error: unknown) => setErrors({ form: (error as Error).message }))
      .finally(() => setBusy(false));
  };

  const err = (list: McpList, index: number, field: string) => errors[errorKey(list, index, field)];
  const errorCount = Object.keys(errors).length;

  return (
    <section id="mcp" className="options-section" aria-labelledby="mcp-title">
      <h2 id="mcp-title" tabIndex={-1}>
        {t('options.mcp.title')}
      </h2>
      <p className="muted">{t('options.mcp.intro')}</p>
      <form ref={formRef} onSubmit={(event) => event.preventDefault()} autoComplete="off">
        {lists.map(({ list, title, add: addLabel }) => (
          <div key={list} className="mcp-list">
            <h3>{title}</h3>
            {form[list].length === 0 ? <p className="muted">{t('options.mcp.none')}</p> : null}
            {form[list].map((row, index) => (
              <fieldset key={row.id} className="mcp-row">
                <legend>{rowTitle(list, index)}</legend>
                {'url' in row ? (
                  <Field label={t('options.mcp.url')} error={err(list, index, 'url')}>
                    {(control) => (
                      <input
                        {...control}
                        className="input"
                        type="text"
                        inputMode="url"
                        spellCheck={false}
                        placeholder="https://mcp.example.com/sse"
                        value={row.url}
                        onChange={(event) => update(list, index, { url: event.target.value })}
                      />
                    )}
                  </Field>
                ) : null}
                {'apiKey' in row ? (
                  <Field
                    label={t('options.mcp.apiKey')}
                    hint={t('options.mcp.apiKeyHint')}
                    error={err(list, index, 'apiKey')}
                  >
                    {(control) => (
                      <input
                        {...control}
                        className="input"
                        type="password"
                        autoComplete="off"
                        value={row.apiKey}
                        onChange={(event) => update(list, index, { apiKey: event.target.value })}
                      />
                    )}
                  </Field>
                ) : null}
                {'timeout' in row ? (
                  <Field
                    label={t('options.mcp.timeout')}
                    hint={t('options.mcp.timeoutHint')}
                    error={err(list, index, 'timeout')}
                  >
                    {(control) => (
                      <input
                        {...control}
                        className="input input-short"
                        type="text"
                        inputMode="numeric"
                        value={row.timeout}
                        onChange={(event) => update(list, index, { timeout: event.target.value })}
                      />
                    )}
                  </Field>
                ) : null}
                {'command' in row ? (
                  <>
                    <Field
                      label={t('options.mcp.name')}
                      hint={t('options.mcp.nameHint')}
                      error={err(list, index, 'name')}
                    >
                      {(control) => (
                        <input
                          {...control}
                          className="input"
                          type="text"
                          spellCheck={false}
                          value={row.name}
                          onChange={(event) => update(list, index, { name: event.target.value })}
                        />
                      )}
                    </Field>
                    <Field
                      label={t('options.mcp.command')}
                      hint={t('options.mcp.commandHint')}
                      error={err(list, index, 'command')}
                    >
                      {(control) => (
                        <input
                          {...control}
                          className="input"
                          type="text"
                          spellCheck={false}
                          placeholder="npx"
                          value={row.command}
                          onChange={(event) => update(list, index, { command: event.target.value })}
                        />
                      )}
                    </Field>
                    <Field
                      label={t('options.mcp.args')}
                      hint={t('options.mcp.argsHint')}
                      error={err(list, index, 'args')}
                    >
                      {(control) => (
                        <input
                          {...control}
                          className="input"
                          type="text"
                          spellCheck={false}
                          value={row.args}
                          onChange={(event) => update(list, index, { args: event.target.value })}
                        />
                      )}
                    </Field>
                    <Field
                      label={t('options.mcp.env')}
                      hint={t('options.mcp.envHint')}
                      error={err(list, index, 'env')}
                    >
                      {(control) => (
                        <textarea
                          {...control}
                          className="textarea"
                          spellCheck={false}
                          rows={2}
                          value={row.env}
                          onChange={(event) => update(list, index, { env: event.target.value })}
                        />
                      )}
                    </Field>
                  </>
                ) : null}
                <button
                  type="button"
                  className="btn btn-small btn-danger"
                  onClick={() => remove(list, index)}
                >
                  {t('options.mcp.remove', { server: rowTitle(list, index) })}
                </button>
              </fieldset>
            ))}
            <button type="button" className="btn btn-small" onClick={() => add(list)}>
              {addLabel}
            </button>
          </div>
        ))}
        <div className="options-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} onClick={onSave}>
            {t('options.mcp.save')}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {status ? <p className="notice notice-success">{status}</p> : null}
      </div>
      {errorCount ? (
        <p className="notice notice-error" role="alert">
          {errors.form ?? t('options.mcp.fix', { count: errorCount })}
        </p>
      ) : null}
    </section>
  );
}
