// The steps of signing in to the hosted service with a code (docs/contract/device-signin.md), as
// plain data for DeviceSignIn.tsx: what the person sees at each step, and how each way a sign-in
// ends reads. The device code and the key never enter these states: the one stays inside the
// polling call, the other goes straight to the caller, so neither can reach the page's markup.
import type { DeviceAuthorization } from '@/lib/api/device-signin';
import { isApiError, isSerializedApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n/options';

export type SignInEnding = 'expired' | 'refused' | 'cancelled' | 'unavailable' | 'failed';

export type SignInStep =
  | { step: 'idle' }
  /** Asking the browser for access and the service for a code. */
  | { step: 'starting' }
  | {
      step: 'waiting';
      userCode: string;
      /** The approval page, with the code filled in when the service gave that address. */
      verificationUrl: string;
      /** Its host, said in words so the person sees where the link goes. */
      verificationHost: string;
      expiresAt: number;
    }
  /** Approved; the caller is keeping the key. */
  | { step: 'saving' }
  | { step: 'signed-in' }
  | { step: 'ended'; ending: SignInEnding; title: string; message: string };

/** What the person is shown while the code waits for approval: never the device code. */
export function waitingFor(authorization: DeviceAuthorization): SignInStep {
  return {
    step: 'waiting',
    userCode: authorization.userCode,
    verificationUrl: authorization.verificationUrl,
    verificationHost: new URL(authorization.verificationUrl).host,
    expiresAt: authorization.expiresAt,
  };
}

const titles: Record<SignInEnding, Parameters<typeof t>[0]> = {
  expired: 'options.signIn.expiredTitle',
  refused: 'options.signIn.refusedTitle',
  cancelled: 'options.signIn.cancelledTitle',
  unavailable: 'options.signIn.unavailableTitle',
  failed: 'options.signIn.failedTitle',
};

/** How a sign-in that did not succeed ends, in words: the error's own, under a plain title. */
export function endedBy(error: unknown): SignInStep {
  const apiError = isApiError(error) || isSerializedApiError(error) ? error : null;
  let ending: SignInEnding = 'failed';
  if (apiError?.kind === 'aborted') ending = 'cancelled';
  else if (apiError?.signIn) ending = apiError.signIn;
  const message =
    ending === 'cancelled'
      ? t('options.signIn.cancelled')
      : error instanceof Error && error.message
        ? error.message
        : apiError?.message || t('error.generic');
  return { step: 'ended', ending, title: t(titles[ending]), message };
}

/** The browser said no to reaching the server: nothing was sent. */
export function accessRefused(origin: string): SignInStep {
  return {
    step: 'ended',
    ending: 'failed',
    title: t('options.signIn.failedTitle'),
    message: t('options.signIn.accessDenied', { origin }),
  };
}
