import * as z from 'zod/mini';

export const ProviderSchema = z.enum(['github', 'gitlab', 'bitbucket']);

export const SelfHostedHostSchema = z.object({
  origin: z.string(),
  provider: ProviderSchema,
});
export type SelfHostedHost = z.infer<typeof SelfHostedHostSchema>;

export const NotificationSwitchesSchema = z.object({
  awaitingInput: z._default(z.boolean(), true),
  finished: z._default(z.boolean(), true),
  errors: z._default(z.boolean(), true),
  /** An agent's pull request starts failing, is asked for changes, conflicts, or is merged. */
  pullRequests: z._default(z.boolean(), true),
  /** Nothing for a conversation a panel on screen shows: the person is looking at it. */
  onlyWhenAway: z._default(z.boolean(), true),
});

export const ServerInfoSchema = z.object({
  v0: z.boolean(),
  v1: z.boolean(),
  mode: z.nullable(z.string()),
  /** The server kind (lib/api/detect.ts); null when stored before kinds were told apart. */
  kind: z._default(z.nullable(z.enum(['hosted', 'v1', 'legacy', 'agent'])), null),
  /** The server's version, where it says. */
  version: z._default(z.nullable(z.string()), null),
  checkedAt: z.string(),
});

/** zod's GUID pattern (8-4-4-4-12 hex digits), as a plain regex: z.guid() costs the worker more. */
const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** What Handoff keeps of each server, beside the key (which lives in ./secrets.ts). */
const serverFields = {
  /** X-Session-API-Key for self-hosted servers; Bearer for the hosted service. */
  authScheme: z._default(z.enum(['session-key', 'bearer']), 'session-key'),
  /** Which interface new conversations use when the server serves both. */
  apiPreference: z._default(z.enum(['auto', 'v0', 'v1']), 'auto'),
  /** Bumped whenever the key changes (it lives in IndexedDB, which the worker cannot watch). */
  credentialsChangedAt: z._default(z.number(), 0),
  /** What the last connection test found, so pages know V0/V1 without probing again. */
  serverInfo: z._default(z.nullable(ServerInfoSchema), null),
  /**
   * Hosted service: the organisation requests act in (`X-Org-Id`); null for the key's own
   * default. Tied to the server it was picked on (cleared when the address changes). A value
   * that is not a UUID is dropped rather than failing every other setting.
   */
  organizationId: z._default(z.catch(z.nullable(z.string().check(z.regex(GUID))), null), null),
};

/** Server ids: `default` for the server of a single-server Handoff, others made when added. */
export const SERVER_ID = /^[a-z0-9-]{1,40}$/;

/** One server the person uses, by the name they gave it (lib/servers). */
export const ServerEntrySchema = z.object({
  id: z.string().check(z.regex(SERVER_ID)),
  /** The person's own name for it; empty: its address stands in. */
  name: z._default(z.string(), ''),
  serverUrl: z.string(),
  ...serverFields,
});
export type ServerEntry = z.infer<typeof ServerEntrySchema>;

/**
 * "Starts from pages matching this go to that server": a code host (`gitlab.example.com`), an
 * owner on it (`github.com/acme`) or one repository (`github.com/acme/app`). The most precise
 * match wins (lib/servers/rules.ts).
 */
export const ServerRuleSchema = z.object({ pattern: z.string(), serverId: z.string() });
export type ServerRule = z.infer<typeof ServerRuleSchema>;

/** The fields every server has, whose top-level copies describe the default server. */
export const SERVER_FIELDS = [
  'serverUrl',
  'authScheme',
  'apiPreference',
  'credentialsChangedAt',
  'serverInfo',
  'organizationId',
] as const;

/**
 * Everything Handoff remembers except secrets, kept in the trusted store (./trusted-store.ts).
 * The API key is never part of it (see ./secrets.ts).
 *
 * Servers: `servers` lists each one; the top-level `serverUrl`, `authScheme`, … are the default
 * server's, kept in step on every read and write (./sanitise.ts), so code that speaks to one
 * server reads them as before, and settings stored by a single-server Handoff read as its one
 * server (docs/settings.md#several-servers).
 */
export const SettingsSchema = z.object({
  serverUrl: z._default(z.nullable(z.string()), null),
  ...serverFields,
  /** Every server, in the person's order; the first is the default unless `defaultServerId` says. */
  servers: z._default(z.catch(z.array(ServerEntrySchema), []), []),
  defaultServerId: z._default(z.catch(z.nullable(z.string()), null), null),
  serverRules: z._default(z.catch(z.array(ServerRuleSchema), []), []),
  selfHostedHosts: z._default(z.array(SelfHostedHostSchema), []),
  notifications: z._default(NotificationSwitchesSchema, {
    awaitingInput: true,
    finished: true,
    errors: true,
    pullRequests: true,
    onlyWhenAway: true,
  }),
  /** Instructions added to every new conversation, kept out of the visible chat. */
  defaultInstructions: z._default(z.string(), ''),
  /**
   * Minutes a working agent may go without a sign of progress before it is shown as "No
   * progress" (under Needs you); 0 turns the check off.
   */
  quietMinutes: z._default(z.catch(z.number().check(z.int(), z.gte(0), z.lte(24 * 60)), 10), 10),
  /** What a plain click on the page button does; Alt-click always does the other. */
  clickBehaviour: z._default(z.enum(['form', 'start']), 'form'),
  /** Default MCP servers for new conversations, as the service's MCPConfig. */
  defaultMcpConfig: z._default(z.nullable(z.unknown()), null),
  /**
   * Agent servers alone: where Handoff clones repositories, by server origin (a folder chosen for
   * one server means nothing on another); none for `<home>/handoff`. Kept as stored even when the
   * folder is not usable, so the options page can show it to be fixed; starts then use the
   * default. Anything but text is dropped rather than failing every other setting.
   */
  cloneFolders: z._default(z.catch(z.catchall(z.object({}), z.catch(z.string(), '')), {}), {}),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const defaultSettings: Settings = SettingsSchema.parse({});
