import type { ServiceOptions } from '../service/index';

/**
 * The server kinds every journey runs against (docs/contract/server-generations.md#the-kinds).
 * Adding the V1-only kind is one line: append 'v1' below once the client works there.
 */
export const serviceKinds = ['legacy'] as const satisfies readonly ServiceKind[];

export type ServiceKind = 'legacy' | 'v1';

/** What a person sees of each kind, where the journeys' expectations differ. */
export const kindFacts: Record<ServiceKind, { apis: string; hasV0: boolean }> = {
  legacy: { apis: 'V0 and V1', hasV0: true },
  v1: { apis: 'V1 only', hasV0: false },
};

/** The service options for a kind. */
export function serviceOptionsFor(kind: ServiceKind, extra: ServiceOptions = {}): ServiceOptions {
  return { pace: 0.02, ...extra, server: kind };
}
