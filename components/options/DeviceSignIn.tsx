// "Sign in with the hosted service" (docs/contract/device-signin.md): a code shown here, approved
// in the hosted web app, and the key it yields handed to `onSignedIn`, which keeps it like a typed
// key. The requests go from this page, as the connection test's do: they carry no key, the page
// holds the host permission, and the key arrives where the person is, so it never crosses
// extension messaging. The key is passed on at once and kept nowhere here: not in state, not in
// a query cache, not in the markup.
import { useEffect, useId, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import {
  type DeviceAuthorization,
  startDeviceSignIn,
  waitForDeviceSignIn,
} from '@/lib/api/device-signin';
import { ApiError } from '@/lib/api/errors';
import { t } from '@/lib/i18n/options';
import { checkServerUrl, permissionFor } from '@/lib/settings/editor';
import { accessRefused, endedBy, type SignInStep, waitingFor } from './device-sign-in';

/** The three things a sign-in does; tests give their own. */
export interface DeviceSignInFlow {
  /** Called inside the click: browsers show the permission prompt only during the gesture. */
  requestAccess(serverUrl: string): Promise<boolean>;
  start(serverUrl: string, signal: AbortSignal): Promise<DeviceAuthorization>;
  wait(serverUrl: string, authorization: DeviceAuthorization, signal: AbortSignal): Promise<string>;
}

const browserFlow: DeviceSignInFlow = {
  requestAccess: (serverUrl) =>
    browser.permissions.request({ origins: [permissionFor(serverUrl)] }),
  start: (serverUrl, signal) => startDeviceSignIn({ baseUrl: serverUrl }, { signal }),
  wait: (serverUrl, authorization, signal) =>
    waitForDeviceSignIn({ baseUrl: serverUrl }, authorization, { signal }),
};

export interface DeviceSignInProps {
  /** The hosted service's address; another one ends a sign-in under way. */
  serverUrl: string;
  /** Receives the key once the person approved; a rejection is shown as the sign-in's failure. */
  onSignedIn: (token: string) => void | Promise<void>;
  flow?: Partial<DeviceSignInFlow>;
}

function timeOf(moment: number): string {
  return new Date(moment).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

const endingTone = {
  expired: 'notice-warning',
  refused: 'notice-error',
  cancelled: 'notice-info',
  unavailable: 'notice-warning',
  failed: 'notice-error',
} as const;

export function DeviceSignIn({ serverUrl, onSignedIn, flow }: DeviceSignInProps) {
  const [state, setState] = useState<SignInStep>({ step: 'idle' });
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const running = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  const latestOnSignedIn = useRef(onSignedIn);
  latestOnSignedIn.current = onSignedIn;
  const openLink = useRef<HTMLAnchorElement>(null);
  const retryButton = useRef<HTMLButtonElement>(null);
  const codeLabel = useId();
  const title = useId();
  const steps: DeviceSignInFlow = { ...browserFlow, ...flow };

  // Leaving the page ends the sign-in: nothing polls for a person who is gone.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      running.current?.abort();
    };
  }, []);

  // A code is for the server that gave it: another address starts from the beginning.
  const shownFor = useRef(serverUrl);
  useEffect(() => {
    if (shownFor.current === serverUrl) return;
    shownFor.current = serverUrl;
    const run = running.current;
    running.current = null;
    run?.abort();
    setState({ step: 'idle' });
  }, [serverUrl]);

  // Focus follows the next thing to do: the approval page, or starting again.
  const step = state.step;
  useEffect(() => {
    if (step === 'waiting') openLink.current?.focus();
    if (step === 'ended') retryButton.current?.focus();
  }, [step]);

  const show = (run: AbortController, next: SignInStep) => {
    if (mounted.current && running.current === run) setState(next);
  };

  const begin = () => {
    let address: string;
    try {
      address = checkServerUrl(serverUrl);
    } catch (error) {
      setState(endedBy(error));
      return;
    }
    const granted = steps.requestAccess(address);
    running.current?.abort();
    const run = new AbortController();
    running.current = run;
    setCopied(null);
    setState({ step: 'starting' });
    void (async () => {
      try {
        if (!(await granted)) {
          if (run.signal.aborted) throw new ApiError('aborted', 'Signing in was cancelled.');
          show(run, accessRefused(new URL(address).origin));
          return;
        }
        const authorization = await steps.start(address, run.signal);
        show(run, waitingFor(authorization));
        const token = await steps.wait(address, authorization, run.signal);
        if (run.signal.aborted) throw new ApiError('aborted', 'Signing in was cancelled.');
        show(run, { step: 'saving' });
        await latestOnSignedIn.current(token);
        show(run, { step: 'signed-in' });
      } catch (error) {
        show(run, endedBy(error));
      } finally {
        if (running.current === run) running.current = null;
      }
    })();
  };

  const cancel = () => running.current?.abort();

  const copyCode = (code: string) => {
    const writing =
      navigator.clipboard?.writeText(code) ?? Promise.reject(new Error('no clipboard'));
    writing.then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  };

  return (
    <section className="device-sign-in" aria-labelledby={title}>
      <h3 id={title}>{t('options.signIn.title')}</h3>
      {state.step === 'idle' ? (
        <>
          <p className="muted">{t('options.signIn.intro')}</p>
          <div className="options-actions">
            <button type="button" className="btn btn-primary" onClick={begin}>
              {t('options.signIn.start')}
            </button>
          </div>
        </>
      ) : null}

      {state.step === 'starting' ? (
        <>
          <p role="status">{t('options.signIn.starting')}</p>
          <div className="options-actions">
            <button type="button" className="btn" onClick={cancel}>
              {t('options.signIn.cancel')}
            </button>
          </div>
        </>
      ) : null}

      {state.step === 'waiting' ? (
        <>
          <p>{t('options.signIn.codeIntro')}</p>
          <p id={codeLabel} className="small muted device-sign-in-label">
            {t('options.signIn.codeLabel')}
          </p>
          <div className="device-sign-in-code-row">
            <output className="device-sign-in-code" aria-labelledby={codeLabel}>
              {state.userCode}
            </output>
            <button type="button" className="btn" onClick={() => copyCode(state.userCode)}>
              {t('options.signIn.copy')}
            </button>
          </div>
          <p className="small" aria-live="polite">
            {copied === 'copied'
              ? t('options.signIn.copied')
              : copied === 'failed'
                ? t('options.signIn.copyFailed')
                : null}
          </p>
          <div className="options-actions">
            <a
              ref={openLink}
              className="btn btn-primary"
              href={state.verificationUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('options.signIn.open', { host: state.verificationHost })}
            </a>
            <button type="button" className="btn" onClick={cancel}>
              {t('options.signIn.cancel')}
            </button>
          </div>
          <p role="status" className="muted">
            {t('options.signIn.waiting', { time: timeOf(state.expiresAt) })}
          </p>
        </>
      ) : null}

      {state.step === 'saving' ? <p role="status">{t('options.signIn.saving')}</p> : null}

      {state.step === 'signed-in' ? (
        <p role="status" className="notice notice-success">
          {t('options.signIn.done')}
        </p>
      ) : null}

      {state.step === 'ended' ? (
        <>
          <div role="alert" className={`notice ${endingTone[state.ending]}`}>
            <strong>{state.title}</strong>
            <p>{state.message}</p>
          </div>
          <div className="options-actions">
            <button ref={retryButton} type="button" className="btn btn-primary" onClick={begin}>
              {t('options.signIn.retry')}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
