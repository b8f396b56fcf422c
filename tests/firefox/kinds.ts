import type { ServiceOptions } from '../service/index';
import type { ServerKind } from '../service/options';

/**
 * The server kinds every journey runs against (docs/contract/server-generations.md#the-kinds):
 * an older server with both interfaces, and a current, V1-only one.
 */
export const serviceKinds = ['legacy', 'v1'] as const satisfies readonly ServiceKind[];

export type ServiceKind = 'legacy' | 'v1';

/** What a person sees of each kind, where the journeys' expectations differ. */
export const kindFacts: Record<ServiceKind, { kind: string; hasV0: boolean }> = {
  legacy: {
    kind: 'Self-hosted OpenHands 0.x, an older server (Handoff uses its older interface)',
    hasV0: true,
  },
  v1: { kind: 'Self-hosted OpenHands 1.x', hasV0: false },
};

/**
 * The service options for a kind: one of the kinds above, or another the service plays for the
 * journeys of that kind alone (`agent`, an agent server with no app server).
 */
export function serviceOptionsFor(kind: ServerKind, extra: ServiceOptions = {}): ServiceOptions {
  return { pace: 0.02, ...extra, server: kind };
}
