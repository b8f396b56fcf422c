// Export and import of settings. The file never carries secrets: the API key lives in
// IndexedDB and is not part of Settings, git provider tokens are never kept at all, and MCP
// servers' keys are left out. An import is checked whole before anything is written, so a bad
// file changes nothing.
import { withoutSecrets } from '@/components/common/without-secrets';
import { MCPConfigRequestSchema } from '@/lib/api/v0/mcp';
import { t } from '@/lib/i18n/options';
import { normaliseHostOrigin, normaliseServerUrl } from '@/lib/settings/addresses';
import { type Settings, SettingsSchema } from '@/lib/settings/schema';
import { checkCloneFolder } from './clone-folder-form';

export const SETTINGS_FILE_FORMAT = 'handoff-settings';
export const SETTINGS_FILE_VERSION = 1;

/**
 * What a file carries: preferences, not bookkeeping (`credentialsChangedAt`, `serverInfo`), nor
 * the hosted organisation (it belongs to the account's key, which the file never carries).
 */
export const exportedKeys = [
  'serverUrl',
  'authScheme',
  'apiPreference',
  'selfHostedHosts',
  'notifications',
  'defaultInstructions',
  'clickBehaviour',
  'defaultMcpConfig',
  'cloneFolders',
] as const satisfies readonly (keyof Settings)[];
type ExportedKey = (typeof exportedKeys)[number];
export type ImportedSettings = Partial<Pick<Settings, ExportedKey>>;

export function exportSettings(settings: Settings, now: Date = new Date()): string {
  const picked: Record<string, unknown> = {};
  for (const key of exportedKeys) picked[key] = withoutSecrets(settings[key]);
  return `${JSON.stringify(
    {
      format: SETTINGS_FILE_FORMAT,
      version: SETTINGS_FILE_VERSION,
      exportedAt: now.toISOString(),
      settings: picked,
    },
    null,
    2,
  )}\n`;
}

/** `handoff-settings-2026-01-31.json`. */
export function exportFileName(now: Date = new Date()): string {
  return `handoff-settings-${now.toISOString().slice(0, 10)}.json`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type ImportResult = { ok: true; settings: ImportedSettings } | { ok: false; error: string };

/**
 * Reads a settings file. Fields it does not have keep their current values; a field it has
 * must be valid, and any field Handoff does not know (a key, a token) refuses the whole file.
 */
export function parseSettingsFile(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      error: t('options.transfer.notJson', { reason: (error as Error).message }),
    };
  }
  if (!isRecord(data) || data.format !== SETTINGS_FILE_FORMAT) {
    return { ok: false, error: t('options.transfer.notOurs') };
  }
  if (data.version !== SETTINGS_FILE_VERSION) {
    return { ok: false, error: t('options.transfer.version', { version: String(data.version) }) };
  }
  const raw = data.settings;
  if (!isRecord(raw)) return { ok: false, error: t('options.transfer.noSettings') };
  const unknown = Object.keys(raw).filter(
    (key) => !(exportedKeys as readonly string[]).includes(key),
  );
  if (unknown.length) {
    return {
      ok: false,
      error: t('options.transfer.unknownFields', { fields: unknown.join(', ') }),
    };
  }
  const parsed = SettingsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: t('options.transfer.invalidField', {
        field: issue?.path.map(String).join('.') || 'settings',
        reason: issue?.message ?? '',
      }),
    };
  }
  const settings: Record<string, unknown> = {};
  for (const key of exportedKeys) if (key in raw) settings[key] = parsed.data[key];
  const picked = settings as ImportedSettings;

  if (typeof picked.serverUrl === 'string') {
    const result = normaliseServerUrl(picked.serverUrl);
    if (!result.ok) {
      return {
        ok: false,
        error: t('options.transfer.invalidField', { field: 'serverUrl', reason: result.error }),
      };
    }
    picked.serverUrl = result.value;
  }
  if (picked.selfHostedHosts) {
    const hosts: Settings['selfHostedHosts'] = [];
    for (const [index, host] of picked.selfHostedHosts.entries()) {
      const result = normaliseHostOrigin(host.origin);
      if (!result.ok) {
        return {
          ok: false,
          error: t('options.transfer.invalidField', {
            field: `selfHostedHosts.${index}.origin`,
            reason: result.error,
          }),
        };
      }
      if (!hosts.some((known) => known.origin === result.value)) {
        hosts.push({ origin: result.value, provider: host.provider });
      }
    }
    picked.selfHostedHosts = hosts;
  }
  if (picked.defaultMcpConfig !== undefined && picked.defaultMcpConfig !== null) {
    const mcp = MCPConfigRequestSchema.safeParse(picked.defaultMcpConfig);
    if (!mcp.success) {
      const issue = mcp.error.issues[0];
      return {
        ok: false,
        error: t('options.transfer.invalidField', {
          field: ['defaultMcpConfig', ...(issue?.path ?? []).map(String)].join('.'),
          reason: issue?.message ?? '',
        }),
      };
    }
    picked.defaultMcpConfig = mcp.data;
  }
  if ('cloneFolders' in raw) {
    // Checked as typed in the file: the schema turns what is not text into the default.
    const folders = raw.cloneFolders;
    if (!isRecord(folders)) {
      return {
        ok: false,
        error: t('options.transfer.invalidField', {
          field: 'cloneFolders',
          reason: t('options.transfer.cloneFoldersShape'),
        }),
      };
    }
    const checked: Record<string, string> = {};
    for (const [origin, folder] of Object.entries(folders)) {
      const server = normaliseServerUrl(origin);
      const result =
        typeof folder !== 'string'
          ? { ok: false as const, error: t('options.transfer.cloneFoldersShape') }
          : !server.ok || new URL(server.value).origin !== origin
            ? { ok: false as const, error: t('options.transfer.cloneFoldersOrigin') }
            : checkCloneFolder(folder);
      if (!result.ok) {
        return {
          ok: false,
          error: t('options.transfer.invalidField', {
            field: `cloneFolders.${origin}`,
            reason: result.error,
          }),
        };
      }
      if (result.value) checked[origin] = result.value;
    }
    picked.cloneFolders = checked;
  }
  return { ok: true, settings: picked };
}
