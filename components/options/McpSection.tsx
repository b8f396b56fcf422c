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
import { FailureNotice, SavedNotice } from './SectionNotices';
import { useDraft } from './use-draft';

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

type RowField = 'url' | 'apiKey' | 'timeout' | 'name' | 'command' | 'args' | 'env';

/**
 * The fields a server row can have, in the order they show; a row shows those it holds. The
 * remaining properties go to the input as they are.
 */
const rowFields: {
  field: RowField;
  label: string;
  hint?: string;
  multiline?: boolean;
  type?: string;
  inputMode?: 'url' | 'numeric';
  placeholder?: string;
  autoComplete?: string;
  className?: string;
}[] = [
  {
    field: 'url',
    label: t('options.mcp.url'),
    inputMode: 'url',
    placeholder: 'https://mcp.example.com/sse',
  },
  {
    field: 'apiKey',
    label: t('options.mcp.apiKey'),
    hint: t('options.mcp.apiKeyHint'),
    type: 'password',
    autoComplete: 'off',
  },
  {
    field: 'timeout',
    label: t('options.mcp.timeout'),
    hint: t('options.mcp.timeoutHint'),
    inputMode: 'numeric',
    className: 'input input-short',
  },
  { field: 'name', label: t('options.mcp.name'), hint: t('options.mcp.nameHint') },
  {
    field: 'command',
    label: t('options.mcp.command'),
    hint: t('options.mcp.commandHint'),
    placeholder: 'npx',
  },
  { field: 'args', label: t('options.mcp.args'), hint: t('options.mcp.argsHint') },
  { field: 'env', label: t('options.mcp.env'), hint: t('options.mcp.envHint'), multiline: true },
];

const fieldText = (row: object, field: RowField): string =>
  String((row as Partial<Record<RowField, string>>)[field] ?? '');

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
                {rowFields
                  .filter(({ field }) => field in row)
                  .map(({ field, label, hint, multiline, ...input }) => (
                    <Field key={field} label={label} hint={hint} error={err(list, index, field)}>
                      {(control) =>
                        multiline ? (
                          <textarea
                            {...control}
                            className="textarea"
                            spellCheck={false}
                            rows={2}
                            value={fieldText(row, field)}
                            onChange={(event) =>
                              update(list, index, { [field]: event.target.value })
                            }
                          />
                        ) : (
                          <input
                            {...control}
                            className="input"
                            type="text"
                            spellCheck={false}
                            {...input}
                            value={fieldText(row, field)}
                            onChange={(event) =>
                              update(list, index, { [field]: event.target.value })
                            }
                          />
                        )
                      }
                    </Field>
                  ))}
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
      <SavedNotice text={status} />
      <FailureNotice
        text={errorCount ? (errors.form ?? t('options.mcp.fix', { count: errorCount })) : null}
      />
    </section>
  );
}
