// What a sandbox's state allows and how it reads. Statuses are lenient (a newer server may
// add one): unknown values are shown as sent and allow only deletion.
import { isKnownValue, type SandboxStatus, sandboxStatusValues } from '@/lib/api/enums';
import type { SandboxInfo } from '@/lib/api/v1/models';
import { type OptionsKey, t } from '@/lib/i18n/options';

const statusKeys = {
  STARTING: 'sandboxes.status.STARTING',
  RUNNING: 'sandboxes.status.RUNNING',
  PAUSED: 'sandboxes.status.PAUSED',
  ERROR: 'sandboxes.status.ERROR',
  MISSING: 'sandboxes.status.MISSING',
} as const satisfies Record<(typeof sandboxStatusValues)[number], OptionsKey>;

export function statusLabel(status: SandboxStatus): string {
  return isKnownValue(sandboxStatusValues, status) ? t(statusKeys[status]) : status;
}

/** Pausing stops a starting sandbox too (the service allows it). */
export function canPause(status: SandboxStatus): boolean {
  return status === 'RUNNING' || status === 'STARTING';
}

/** ERROR and MISSING are terminal on the hosted service: only a paused sandbox resumes. */
export function canResume(status: SandboxStatus): boolean {
  return status === 'PAUSED';
}

export function isStarting(status: SandboxStatus): boolean {
  return status === 'STARTING';
}

/**
 * A timestamp as epoch milliseconds. Zoned values are absolute; naive ones are the server's local
 * time (docs/contract/http.md#times-without-a-zone), read here as ours, which holds for a local
 * server and is at worst a few hours off for a remote one. Microseconds are cut to what Date keeps.
 */
export function parseServerTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const trimmed = value.trim().replace(/(\.\d{3})\d+/, '$1');
  const millis = Date.parse(trimmed);
  return Number.isNaN(millis) ? null : millis;
}

/** "12 s", "5 min", "3 h", "2 d": how long ago a sandbox was created. */
export function formatAge(
  createdAt: string | null | undefined,
  now: number = Date.now(),
): string | null {
  const created = parseServerTime(createdAt);
  if (created === null) return null;
  const seconds = Math.max(0, Math.round((now - created) / 1000));
  if (seconds < 60) return t('sandboxes.age.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('sandboxes.age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('sandboxes.age.hours', { count: hours });
  return t('sandboxes.age.days', { count: Math.floor(hours / 24) });
}

export interface SandboxLink {
  name: 'AGENT_SERVER' | 'VSCODE';
  label: string;
  url: string;
}

const linkKeys = {
  AGENT_SERVER: 'sandboxes.link.AGENT_SERVER',
  VSCODE: 'sandboxes.link.VSCODE',
} as const satisfies Record<SandboxLink['name'], OptionsKey>;

/** The exposed URLs people open: the agent server and VS Code, when they are web addresses. */
export function sandboxLinks(sandbox: Pick<SandboxInfo, 'exposed_urls'>): SandboxLink[] {
  const links: SandboxLink[] = [];
  for (const exposed of sandbox.exposed_urls ?? []) {
    if (exposed.name !== 'AGENT_SERVER' && exposed.name !== 'VSCODE') continue;
    let url: URL;
    try {
      url = new URL(exposed.url);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    links.push({ name: exposed.name, label: t(linkKeys[exposed.name]), url: url.href });
  }
  return links;
}
