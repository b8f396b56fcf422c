// What a person can do after a request of the panel failed, beyond what the error itself says
// (its message names the status and the server's own words). Only failures whose message leaves
// the way forward unsaid get one: a missing route or a page where data was expected, and a rate
// limit.
import { toApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n';

export function nextStepOf(error: unknown): string | null {
  if (!error) return null;
  const apiError = toApiError(error);
  if (apiError.isMissingRoute()) return t('panel.next.checkAddress');
  // The server's own limits say in their message when to try again.
  if (apiError.kind === 'rate-limited' && !apiError.limit) {
    return apiError.retryAfter !== undefined
      ? t('panel.next.waitSeconds', { seconds: Math.max(1, apiError.retryAfter) })
      : t('panel.next.wait');
  }
  return null;
}
