import { useMemo, useState } from 'react';
import { useServerScope } from '@/components/common/server-scope';
import {
  saveAgentMcpServers,
  saveMcpServers,
  useServerSettings,
} from '@/components/common/use-server-settings';
import { AGENT_MCP_ROUTES_SINCE, olderThan } from '@/lib/api/versions';
import { t } from '@/lib/i18n/options';
import type { Settings } from '@/lib/settings/schema';
import { saveSettings } from '@/lib/settings/store';
import { Field, useFocusFirstInvalid } from './Field';
import {
  agentMcpChanges,
  errorKey,
  formFromConfig,
  type McpErrors,
  type McpForm,
  type McpList,
  newRow,
  newServerRow,
  type ServerMcpForm,
  serverFormFromMap,
  serverRowsFromLocal,
  showsMaskedSecret,
  validateMcpForm,
  validateServerMcpForm,
} from './mcp-form';
import { FailureNotice, SavedNotice } from './SectionNotices';
import { SettingsErrorNotice } from './SettingsErrorNotice';
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

type RowField = 'name' | 'url' | 'apiKey' | 'headers' | 'timeout' | 'command' | 'args' | 'env';

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
  { field: 'name', label: t('options.mcp.name'), hint: t('options.mcp.nameHint') },
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
    field: 'headers',
    label: t('options.mcp.headers'),
    hint: t('options.mcp.headersHint'),
    multiline: true,
  },
  {
    field: 'timeout',
    label: t('options.mcp.timeout'),
    hint: t('options.mcp.timeoutHint'),
    inputMode: 'numeric',
    className: 'input input-short',
  },
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

/** Rows of either form: an id, the fields the row shows, and what it keeps unseen. */
type AnyRow = { id: string } & Partial<Record<RowField, string>>;
type AnyForm = Record<McpList, readonly AnyRow[]>;

interface McpListsProps {
  form: AnyForm;
  errors: McpErrors;
  onUpdate: (list: McpList, index: number, patch: Partial<Record<RowField, string>>) => void;
  onAdd: (list: McpList) => void;
  onRemove: (list: McpList, index: number) => void;
}

/** The three lists of servers, each row with the fields it holds and its own messages. */
function McpLists({ form, errors, onUpdate, onAdd, onRemove }: McpListsProps) {
  const err = (list: McpList, index: number, field: string) => errors[errorKey(list, index, field)];
  return (
    <>
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
                            onUpdate(list, index, { [field]: event.target.value })
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
                            onUpdate(list, index, { [field]: event.target.value })
                          }
                        />
                      )
                    }
                  </Field>
                ))}
              <button
                type="button"
                className="btn btn-small btn-danger"
                onClick={() => onRemove(list, index)}
              >
                {t('options.mcp.remove', { server: rowTitle(list, index) })}
              </button>
            </fieldset>
          ))}
          <button type="button" className="btn btn-small" onClick={() => onAdd(list)}>
            {addLabel}
          </button>
        </div>
      ))}
    </>
  );
}

/** Editing helpers shared by both forms: a change clears the last outcome. */
function useRowEditing<F extends AnyForm>(
  form: F,
  setForm: (form: F) => void,
  newRowOf: (list: McpList) => AnyRow,
  onChange: () => void,
  setErrors: (errors: McpErrors) => void,
) {
  return {
    onUpdate: (list: McpList, index: number, patch: Partial<Record<RowField, string>>) => {
      const rows = form[list].map((row, at) => (at === index ? { ...row, ...patch } : row));
      setForm({ ...form, [list]: rows });
      onChange();
    },
    onAdd: (list: McpList) => {
      setForm({ ...form, [list]: [...form[list], newRowOf(list)] });
      onChange();
    },
    onRemove: (list: McpList, index: number) => {
      setForm({ ...form, [list]: form[list].filter((_, at) => at !== index) });
      // Messages are keyed by position: after a removal they would point at the wrong rows.
      setErrors({});
      onChange();
    },
  };
}

/**
 * Default MCP servers. A 1.7+ server (and the hosted service) and an agent server keep them in
 * their own settings, where every new conversation gets them whichever app starts it; a legacy
 * server keeps none for Handoff, which then keeps them in this browser and sends them with each
 * conversation it starts. Which one is known once the server's settings are read.
 */
export function McpSection({ settings }: { settings: Settings }) {
  const server = useServerSettings({ enabled: Boolean(settings.serverUrl) });
  return (
    <section id="mcp" className="options-section" aria-labelledby="mcp-title">
      <h2 id="mcp-title" tabIndex={-1}>
        {t('options.mcp.title')}
      </h2>
      <p className="muted">{t('options.mcp.intro')}</p>
      {!settings.serverUrl ? (
        <p className="muted">{t('options.mcp.noServer')}</p>
      ) : server.isPending ? (
        <p className="muted" role="status">
          {t('options.mcp.loading')}
        </p>
      ) : server.isError ? (
        <SettingsErrorNotice
          error={server.error}
          topic="mcp"
          onRetry={() => void server.refetch()}
        />
      ) : server.data.generation === 'v0' ? (
        <LocalMcpEditor settings={settings} />
      ) : (
        <ServerMcpEditor
          settings={settings}
          servers={server.data.mcpServers}
          agent={server.data.generation === 'agent'}
        />
      )}
    </section>
  );
}

/** A legacy server: the servers are kept in this browser and go with each new conversation. */
function LocalMcpEditor({ settings }: { settings: Settings }) {
  const fingerprint = JSON.stringify(settings.defaultMcpConfig) ?? 'null';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fingerprint stands for the config.
  const savedForm = useMemo(() => formFromConfig(settings.defaultMcpConfig), [fingerprint]);
  const [form, setForm, markSaved] = useDraft<McpForm>(savedForm, fingerprint);
  const [errors, setErrors] = useState<McpErrors>({});
  const [status, setStatus] = useState<string | null>(null);
  const formRef = useFocusFirstInvalid(errors);
  const [busy, setBusy] = useState(false);
  const editing = useRowEditing(
    form,
    setForm,
    (list) => newRow(list),
    () => setStatus(null),
    setErrors,
  );

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

  const errorCount = Object.keys(errors).length;
  return (
    <>
      <p className="muted">{t('options.mcp.whereLocal')}</p>
      <form ref={formRef} onSubmit={(event) => event.preventDefault()} autoComplete="off">
        <McpLists form={form} errors={errors} {...editing} />
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
    </>
  );
}

/**
 * A 1.7+ server: the servers are its `agent_settings.mcp_config`, which a save replaces as a
 * whole (mcp-form.ts keeps the fields of each entry this form does not edit). An agent server
 * keeps them there too, but takes only the changes (mcp-form.ts `agentMcpChanges`): it would
 * erase a secret sent back redacted.
 */
function ServerMcpEditor({
  settings,
  servers,
  agent,
}: {
  settings: Settings;
  servers: Record<string, Record<string, unknown>> | null;
  agent: boolean;
}) {
  const fingerprint = JSON.stringify(servers ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fingerprint stands for the map.
  const savedForm = useMemo(() => serverFormFromMap(servers), [fingerprint]);
  const [form, setForm, markSaved] = useDraft<ServerMcpForm>(savedForm, fingerprint);
  const [errors, setErrors] = useState<McpErrors>({});
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [localAdded, setLocalAdded] = useState(false);
  const formRef = useFocusFirstInvalid(errors);
  const stored = useServerSettings();
  const serverId = useServerScope();
  const clearOutcome = () => {
    setStatus(null);
    setFailure(null);
  };
  const editing = useRowEditing(
    form,
    setForm,
    (list) => newServerRow(list),
    clearOutcome,
    setErrors,
  );

  // Servers kept in this browser from before (for a legacy server) do nothing here.
  const local = localAdded ? null : localCopyOf(settings.defaultMcpConfig);
  const onAddLocal = () => {
    const names = [...form.sse_servers, ...form.stdio_servers, ...form.shttp_servers].map(
      (row) => row.name,
    );
    const added = serverRowsFromLocal(settings.defaultMcpConfig, names);
    setForm({
      sse_servers: [...form.sse_servers, ...added.sse_servers],
      stdio_servers: [...form.stdio_servers, ...added.stdio_servers],
      shttp_servers: [...form.shttp_servers, ...added.shttp_servers],
    });
    setLocalAdded(true);
    setFailure(null);
    setStatus(t('options.mcp.localCopyAdded', { count: local?.count ?? 0 }));
  };

  const onSave = () => {
    clearOutcome();
    const result = validateServerMcpForm(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    let save: () => Promise<unknown> = () => saveMcpServers(result.servers, serverId);
    if (agent) {
      const changes = agentMcpChanges(servers, result.servers);
      if (!changes.length) {
        markSaved();
        setStatus(t('options.mcp.unchanged'));
        return;
      }
      // One route per server from 1.39.0; before (or when the version is not known), the same
      // changes as one change of the settings.
      const version = settings.serverInfo?.version ?? null;
      const perServerRoutes = version !== null && !olderThan(version, AGENT_MCP_ROUTES_SINCE);
      save = () => saveAgentMcpServers(changes, { perServerRoutes, serverId });
    }
    setBusy(true);
    save()
      .then(async () => {
        markSaved();
        // What was carried over from this browser now lives on the server.
        if (localAdded) await saveSettings({ defaultMcpConfig: null });
        const count = Object.keys(result.servers).length;
        setStatus(
          count ? t('options.mcp.savedServer', { count }) : t('options.mcp.savedServerNone'),
        );
        await stored.refetch();
      })
      .catch((error: unknown) => {
        setFailure(error);
        // An agent server may have taken the changes before the one that failed: what it keeps
        // now is read again (the form keeps what was typed), so trying again sends only the rest.
        if (agent) void stored.refetch();
      })
      .finally(() => setBusy(false));
  };

  const errorCount = Object.keys(errors).length;
  return (
    <>
      <p className="muted">{agent ? t('options.mcp.whereAgent') : t('options.mcp.whereServer')}</p>
      {showsMaskedSecret(form) ? <p className="muted">{t('options.mcp.masked')}</p> : null}
      {local ? (
        <div className="notice notice-info">
          <p>{t('options.mcp.localCopy', { count: local.count })}</p>
          <button type="button" className="btn btn-small" onClick={onAddLocal}>
            {t('options.mcp.addLocalCopy')}
          </button>
        </div>
      ) : null}
      <form ref={formRef} onSubmit={(event) => event.preventDefault()} autoComplete="off">
        <McpLists form={form} errors={errors} {...editing} />
        <div className="options-actions">
          <button type="submit" className="btn btn-primary" disabled={busy} onClick={onSave}>
            {t('options.mcp.save')}
          </button>
          {busy ? <span className="muted">{t('options.mcp.saving')}</span> : null}
        </div>
      </form>
      <SavedNotice text={status} />
      <FailureNotice
        text={errorCount ? (errors.form ?? t('options.mcp.fix', { count: errorCount })) : null}
      />
      {failure ? <SettingsErrorNotice error={failure} topic="mcp" /> : null}
    </>
  );
}

/** How many servers this browser keeps from before, if any. */
function localCopyOf(config: unknown): { count: number } | null {
  const local = formFromConfig(config);
  const count = local.sse_servers.length + local.stdio_servers.length + local.shttp_servers.length;
  return count ? { count } : null;
}
