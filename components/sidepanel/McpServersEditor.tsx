import { t } from '@/lib/i18n';
import type {
  McpDraft,
  ShttpServerDraft,
  SseServerDraft,
  StdioServerDraft,
} from './model/new-conversation';

interface McpServersEditorProps {
  value: McpDraft;
  onChange: (value: McpDraft) => void;
  errors: readonly string[];
  disabled?: boolean;
}

function Field({
  label,
  value,
  onChange,
  placeholder,
  type = 'text',
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  type?: string;
  disabled?: boolean;
}) {
  return (
    <label className="small" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {label}
      <input
        className="input"
        type={type}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, at) => (at === index ? item : current));
}

/** The conversation's MCP servers by transport: SSE, stdio and streamable HTTP (MCPConfig). */
export function McpServersEditor({ value, onChange, errors, disabled }: McpServersEditorProps) {
  const setSse = (sse: SseServerDraft[]) => onChange({ ...value, sse });
  const setStdio = (stdio: StdioServerDraft[]) => onChange({ ...value, stdio });
  const setShttp = (shttp: ShttpServerDraft[]) => onChange({ ...value, shttp });
  const remove = (label: string, onRemove: () => void) => (
    <button
      type="button"
      className="btn btn-small btn-danger"
      aria-label={label}
      disabled={disabled}
      onClick={onRemove}
    >
      {t('panel.mcp.remove')}
    </button>
  );
  return (
    <fieldset className="form-section" aria-describedby={errors.length ? 'mcp-errors' : undefined}>
      <legend>{t('panel.mcp.title')}</legend>
      {value.sse.map((server, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited and removed by position.
        <div className="mcp-server" key={`sse-${index}`} data-mcp="sse">
          <Field
            label={t('panel.mcp.sseUrl')}
            value={server.url}
            placeholder="https://mcp.example.com/sse"
            disabled={disabled}
            onChange={(url) => setSse(replaceAt(value.sse, index, { ...server, url }))}
          />
          <Field
            label={t('panel.mcp.apiKey')}
            type="password"
            value={server.apiKey}
            disabled={disabled}
            onChange={(apiKey) => setSse(replaceAt(value.sse, index, { ...server, apiKey }))}
          />
          {remove(t('panel.mcp.removeSse', { number: index + 1 }), () =>
            setSse(value.sse.filter((_, at) => at !== index)),
          )}
        </div>
      ))}
      {value.stdio.map((server, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        <div className="mcp-server" key={`stdio-${index}`} data-mcp="stdio">
          <Field
            label={t('panel.mcp.name')}
            value={server.name}
            placeholder="fetch"
            disabled={disabled}
            onChange={(name) => setStdio(replaceAt(value.stdio, index, { ...server, name }))}
          />
          <Field
            label={t('panel.mcp.command')}
            value={server.command}
            placeholder="uvx"
            disabled={disabled}
            onChange={(command) => setStdio(replaceAt(value.stdio, index, { ...server, command }))}
          />
          <Field
            label={t('panel.mcp.args')}
            value={server.args}
            placeholder="mcp-server-fetch --timeout 30"
            disabled={disabled}
            onChange={(args) => setStdio(replaceAt(value.stdio, index, { ...server, args }))}
          />
          <Field
            label={t('panel.mcp.env')}
            value={server.env}
            placeholder="KEY=value,OTHER=value"
            disabled={disabled}
            onChange={(env) => setStdio(replaceAt(value.stdio, index, { ...server, env }))}
          />
          {remove(t('panel.mcp.removeStdio', { number: index + 1 }), () =>
            setStdio(value.stdio.filter((_, at) => at !== index)),
          )}
        </div>
      ))}
      {value.shttp.map((server, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: as above.
        <div className="mcp-server" key={`shttp-${index}`} data-mcp="shttp">
          <Field
            label={t('panel.mcp.shttpUrl')}
            value={server.url}
            placeholder="https://mcp.example.com/mcp"
            disabled={disabled}
            onChange={(url) => setShttp(replaceAt(value.shttp, index, { ...server, url }))}
          />
          <Field
            label={t('panel.mcp.apiKey')}
            type="password"
            value={server.apiKey}
            disabled={disabled}
            onChange={(apiKey) => setShttp(replaceAt(value.shttp, index, { ...server, apiKey }))}
          />
          <Field
            label={t('panel.mcp.timeout')}
            type="number"
            value={server.timeout}
            placeholder="60"
            disabled={disabled}
            onChange={(timeout) => setShttp(replaceAt(value.shttp, index, { ...server, timeout }))}
          />
          {remove(t('panel.mcp.removeShttp', { number: index + 1 }), () =>
            setShttp(value.shttp.filter((_, at) => at !== index)),
          )}
        </div>
      ))}
      <div className="controls">
        <button
          type="button"
          className="btn btn-small"
          disabled={disabled}
          onClick={() => setSse([...value.sse, { url: '', apiKey: '' }])}
        >
          {t('panel.mcp.addSse')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={disabled}
          onClick={() => setStdio([...value.stdio, { name: '', command: '', args: '', env: '' }])}
        >
          {t('panel.mcp.addStdio')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={disabled}
          onClick={() => setShttp([...value.shttp, { url: '', apiKey: '', timeout: '' }])}
        >
          {t('panel.mcp.addShttp')}
        </button>
      </div>
      {errors.length ? (
        <ul id="mcp-errors" className="field-error" role="alert" data-field-error="mcp">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
