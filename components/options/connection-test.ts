// "Test connection" in words. The probe itself is lib/api's detectServer (through
// lib/settings/editor.ts); this module decides which header to settle on and turns the result
// into the lines the options page shows.
import type { ServerDetection } from '@/lib/api/detect';
import { OLDEST_AGENT_SERVER, olderThan } from '@/lib/api/versions';
import { t } from '@/lib/i18n/options';
import { testConnection } from '@/lib/settings/editor';

/**
 * Probes the server. The hosted service documents `Authorization: Bearer` and accepts the key
 * in `X-Session-API-Key` only as a fallback, which the first probe (session key first for any
 * address but *.all-hands.dev) would settle on; once the server says it is the hosted kind,
 * Bearer is tried first and kept when it works.
 */
export interface ConnectionTestInput {
  serverUrl?: string;
  apiKey?: string | null;
  useStoredKey?: boolean;
  /** The server tested (its stored address and key by default); the default server when left out. */
  serverId?: string;
}

export async function runConnectionTest(input: ConnectionTestInput): Promise<ServerDetection> {
  const first = await testConnection(input);
  if (first.mode === 'saas' && first.keyAccepted && first.authScheme === 'session-key') {
    const bearer = await testConnection({ ...input, authScheme: 'bearer' });
    if (bearer.keyAccepted && bearer.authScheme === 'bearer') return bearer;
  }
  return first;
}

export type Tone = 'good' | 'bad' | 'neutral';

/**
 * The kind of server in words. Results stored before kinds were told apart have only the
 * interfaces and mode; the kind follows from them.
 */
interface KindInfo {
  kind: ServerDetection['kind'];
  version?: string | null;
  mode: string | null;
  v0: boolean;
  v1: boolean;
}

/** The kind a test found, also from what was stored before kinds were told apart. */
function kindOf(info: KindInfo): ServerDetection['kind'] {
  return (
    info.kind ??
    (info.mode === 'saas' && info.v1 ? 'hosted' : info.v0 ? 'legacy' : info.v1 ? 'v1' : null)
  );
}

/** The kind in a few words, for a list of servers: its name and version, if it says one. */
export function shortKindWords(info: KindInfo): string | null {
  const kind = kindOf(info);
  if (!kind) return null;
  if (kind === 'agent' && info.version) {
    return t('options.servers.kind.agentVersion', { version: info.version });
  }
  return t(`options.servers.kind.${kind}`);
}

export function serverKindWords(info: KindInfo): string {
  const kind = kindOf(info);
  if (kind === 'agent') {
    return info.version
      ? t('options.kind.agentVersion', { version: info.version })
      : t('options.kind.agent');
  }
  return kind ? t(`options.kind.${kind}`) : t('options.kind.unknown');
}

export interface ReportLine {
  label: string;
  value: string;
  tone: Tone;
}

const headerNames = {
  'session-key': 'X-Session-API-Key',
  bearer: 'Authorization: Bearer',
} as const;

/** What the probe found, one line per question a person asks. */
export function describeDetection(detection: ServerDetection): ReportLine[] {
  const lines: ReportLine[] = [];
  lines.push({
    label: t('options.report.reachable'),
    value: detection.reachable
      ? detection.alive
        ? t('options.report.reachableAlive')
        : t('options.report.reachableYes')
      : t('options.report.reachableNo'),
    tone: detection.reachable ? 'good' : 'bad',
  });
  if (!detection.reachable) return lines;

  const agent = detection.kind === 'agent';
  lines.push({
    label: t('options.report.kind'),
    value: serverKindWords(detection),
    tone: agent ? 'neutral' : detection.kind ? 'good' : 'bad',
  });
  if (!detection.kind) return lines;
  if (agent && olderThan(detection.version, OLDEST_AGENT_SERVER)) {
    lines.push({
      label: t('options.report.version'),
      value: t('options.report.versionTooOld', {
        version: detection.version ?? '',
        oldest: OLDEST_AGENT_SERVER,
      }),
      tone: 'bad',
    });
  }

  let key: ReportLine;
  if (detection.keyAccepted === true) {
    const header = detection.authScheme ? headerNames[detection.authScheme] : '';
    key = {
      label: t('options.report.key'),
      value:
        detection.keyRequired === false
          ? t('options.report.keyAcceptedNotNeeded', { header })
          : t('options.report.keyAccepted', { header }),
      tone: 'good',
    };
  } else if (detection.keyAccepted === false) {
    key = {
      label: t('options.report.key'),
      // An agent server reads one header; the others were asked with both.
      value: t(agent ? 'options.report.keyRejectedOnce' : 'options.report.keyRejected'),
      tone: 'bad',
    };
  } else if (detection.keyRequired === true) {
    key = { label: t('options.report.key'), value: t('options.report.keyMissing'), tone: 'bad' };
  } else if (detection.keyRequired === false) {
    key = {
      label: t('options.report.key'),
      value: t('options.report.keyNotNeeded'),
      tone: 'good',
    };
  } else {
    key = {
      label: t('options.report.key'),
      value: t('options.report.keyUnknown'),
      tone: 'neutral',
    };
  }
  lines.push(key);
  return lines;
}

/** One sentence: does it work, and if not, what to do. */
export function verdictOf(detection: ServerDetection): { text: string; tone: Tone } {
  if (!detection.reachable) {
    return {
      text: t('options.report.verdictUnreachable', { reason: detection.summary }),
      tone: 'bad',
    };
  }
  if (!detection.kind) {
    return { text: t('options.report.verdictNoApi'), tone: 'bad' };
  }
  if (detection.kind === 'agent' && olderThan(detection.version, OLDEST_AGENT_SERVER)) {
    return {
      text: t('options.report.verdictAgentTooOld', {
        version: detection.version ?? '',
        oldest: OLDEST_AGENT_SERVER,
      }),
      tone: 'bad',
    };
  }
  if (detection.keyAccepted === false)
    return { text: t('options.report.verdictKeyRejected'), tone: 'bad' };
  if (detection.keyAccepted === null && detection.keyRequired === true) {
    return { text: t('options.report.verdictKeyMissing'), tone: 'bad' };
  }
  if (detection.kind === 'agent') {
    return { text: t('options.report.verdictAgent'), tone: 'good' };
  }
  return { text: t('options.report.verdictReady'), tone: 'good' };
}

/**
 * A server that answers as another kind than at its last test (an agent server where an
 * OpenHands server was, say): said in words, since its settings and conversations now follow the
 * new kind. Null when the kind is the same, or either is unknown.
 */
export function kindChangeWords(
  before: KindInfo | null,
  detection: ServerDetection,
  name: string,
): string | null {
  if (!before || !detection.reachable) return null;
  const was = kindOf(before);
  const now = detection.kind;
  if (!was || !now || was === now) return null;
  return t('options.servers.kindChanged', {
    name,
    now: t(`options.kindShort.${now}`),
    before: t(`options.kindShort.${was}`),
  });
}
