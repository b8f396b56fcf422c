// Telling a code host's refusal from the service's own, for the service's git-provider routes
// (components/options/ProviderTokensSection.tsx).
import type { ApiError } from '@/lib/api/errors';

/**
 * Answers from the service's own key check (`{"detail":"Unauthorized"}`) or the hosted
 * service's auth layer. Every other 401 on the git routes carries the code host's refusal as a
 * bare string (docs/contract/v0-rest.md#git-provider-routes).
 */
const serviceKeyRefusals = new Set(['Unauthorized', 'NoCredentialsError', 'Invalid API key']);

/** A 401 that means "the code host refused the service", not "the service refused Handoff". */
export function isProviderRefusal(error: ApiError): boolean {
  return (
    error.kind === 'unauthorized' &&
    typeof error.serverMessage === 'string' &&
    error.serverMessage.length > 0 &&
    !serviceKeyRefusals.has(error.serverMessage)
  );
}
