// @vitest-environment happy-dom
// The sign-in with a code as a person goes through it: the code to compare, the page to open,
// the wait, and each ending with a way to start again. The sign-in's requests are stood in for;
// lib/api/device-signin.test.ts covers them.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceAuthorization } from '@/lib/api/device-signin';
import { ApiError } from '@/lib/api/errors';
import { DeviceSignIn, type DeviceSignInFlow } from './DeviceSignIn';

afterEach(cleanup);

const HOSTED = 'https://app.all-hands.dev';
const DEVICE_CODE = 'secret-device-code-'.repeat(4);
const TOKEN = 'sk-oh-thekeyitself';

const authorization: DeviceAuthorization = {
  deviceCode: DEVICE_CODE,
  userCode: 'WDJBMJHT',
  verificationUrl: `${HOSTED}/oauth/device/verify?user_code=WDJBMJHT`,
  verificationUri: `${HOSTED}/oauth/device/verify`,
  expiresAt: new Date(2026, 9, 20, 14, 35).getTime(),
  intervalSeconds: 5,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** A sign-in whose steps the test finishes when it wants, recording what they were given. */
function signInFlow(options: { access?: boolean } = {}) {
  const starts: {
    signal: AbortSignal;
    answer: ReturnType<typeof deferred<DeviceAuthorization>>;
  }[] = [];
  const waits: { signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }[] = [];
  /** A cancelled step rejects as the real ones do. */
  const abortable = <T,>(signal: AbortSignal) => {
    const answer = deferred<T>();
    signal.addEventListener('abort', () =>
      answer.reject(new ApiError('aborted', 'Signing in was cancelled.')),
    );
    return answer;
  };
  const flow: DeviceSignInFlow = {
    requestAccess: vi.fn(async () => options.access ?? true),
    start: vi.fn((_url: string, signal: AbortSignal) => {
      const answer = abortable<DeviceAuthorization>(signal);
      starts.push({ signal, answer });
      return answer.promise;
    }),
    wait: vi.fn((_url: string, _authorization: DeviceAuthorization, signal: AbortSignal) => {
      const answer = abortable<string>(signal);
      waits.push({ signal, answer });
      return answer.promise;
    }),
  };
  const latestStart = async () => {
    await vi.waitFor(() => expect(starts.length).toBeGreaterThan(0));
    return starts[starts.length - 1] as (typeof starts)[number];
  };
  return {
    flow,
    starts,
    waits,
    /** The service answers the latest request for a code. */
    giveCode: async (value: DeviceAuthorization = authorization) => {
      const { answer } = await latestStart();
      await act(async () => answer.resolve(value));
    },
    failStart: async (error: unknown) => {
      const { answer } = await latestStart();
      await act(async () => answer.reject(error));
    },
    /** The latest wait ends: approved (a key) or not (an error). */
    settle: async (outcome: { token?: string; error?: unknown }) => {
      await vi.waitFor(() => expect(waits.length).toBeGreaterThan(0));
      const { answer } = waits[waits.length - 1] as (typeof waits)[number];
      await act(async () => {
        if (outcome.error) answer.reject(outcome.error);
        else answer.resolve(outcome.token ?? TOKEN);
      });
    },
  };
}

function renderSignIn(flow: DeviceSignInFlow, onSignedIn = vi.fn()) {
  const view = render(<DeviceSignIn serverUrl={HOSTED} onSignedIn={onSignedIn} flow={flow} />);
  return { onSignedIn, view };
}

const expired = () =>
  new ApiError(
    'timeout',
    'The sign-in code expired before it was approved. Start again for a new code.',
    { signIn: 'expired' },
  );

async function startSigningIn(user = userEvent.setup()) {
  await user.click(screen.getByRole('button', { name: 'Sign in with the hosted service' }));
}

describe('signing in with a code', () => {
  it('asks for access in the click, then shows the code and the page to approve it on', async () => {
    const steps = signInFlow();
    renderSignIn(steps.flow);
    expect(screen.getByRole('region', { name: 'Sign in without a key' })).toBeTruthy();
    await startSigningIn();
    expect(steps.flow.requestAccess).toHaveBeenCalledWith(HOSTED);
    expect(screen.getByRole('status').textContent).toBe(
      'Asking the hosted service for a sign-in code…',
    );
    await steps.giveCode();

    expect(screen.getByRole('status', { name: 'Your sign-in code' }).textContent).toBe('WDJBMJHT');
    const open = screen.getByRole('link', {
      name: 'Open the approval page on app.all-hands.dev',
    });
    expect(open.getAttribute('href')).toBe(authorization.verificationUrl);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    // The next thing to do has the focus.
    expect(document.activeElement).toBe(open);
    expect(screen.getByText(/^Waiting for your approval\. The code works until /)).toBeTruthy();
    // The secret half of the code stays out of the page.
    expect(document.body.innerHTML).not.toContain(DEVICE_CODE);
  });

  it('hands the key to its owner once approved, and never puts it in the page', async () => {
    const steps = signInFlow();
    const { onSignedIn } = renderSignIn(steps.flow);
    await startSigningIn();
    await steps.giveCode();
    expect(steps.flow.wait).toHaveBeenCalledWith(HOSTED, authorization, expect.any(AbortSignal));
    await steps.settle({ token: TOKEN });
    expect(onSignedIn).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByRole('status').textContent).toBe('Signed in to the hosted service.');
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it('shows that the code expired, and starts over with a new one', async () => {
    const steps = signInFlow();
    renderSignIn(steps.flow);
    await startSigningIn();
    await steps.giveCode();
    await steps.settle({ error: expired() });

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'The code expiredThe sign-in code expired before it was approved. Start again for a new code.',
    );
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(document.activeElement).toBe(retry);
    await userEvent.click(retry);
    expect(steps.flow.start).toHaveBeenCalledTimes(2);
    await steps.giveCode({ ...authorization, userCode: 'NEWC0DE2' });
    expect(screen.getByRole('status', { name: 'Your sign-in code' }).textContent).toBe('NEWC0DE2');
  });

  it('says when the service refused the sign-in', async () => {
    const steps = signInFlow();
    renderSignIn(steps.flow);
    await startSigningIn();
    await steps.giveCode();
    await steps.settle({
      error: new ApiError(
        'forbidden',
        'The hosted service refused this sign-in. Start again, or paste an API key instead.',
        { signIn: 'refused' },
      ),
    });
    expect(screen.getByRole('alert').textContent).toMatch(/^The sign-in was refusedThe hosted/);
  });

  it('cancels while waiting: the polling stops and the page says nothing was kept', async () => {
    const steps = signInFlow();
    const { onSignedIn } = renderSignIn(steps.flow);
    await startSigningIn();
    await steps.giveCode();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(steps.waits[0]?.signal.aborted).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(
      'Sign-in cancelledNothing was kept. Start again when you are ready, or paste an API key instead.',
    );
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('cancels while the code is still being asked for', async () => {
    const steps = signInFlow();
    renderSignIn(steps.flow);
    await startSigningIn();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(steps.starts[0]?.signal.aborted).toBe(true);
    expect(screen.getByRole('alert').textContent).toMatch(/^Sign-in cancelled/);
    expect(steps.flow.wait).not.toHaveBeenCalled();
  });

  it('says a server without the sign-in has none, with the server’s words', async () => {
    const steps = signInFlow();
    renderSignIn(steps.flow);
    await startSigningIn();
    await steps.failStart(
      new ApiError(
        'not-found',
        'The server at localhost:3000 does not offer signing in with a code: only the hosted service does. Paste an API key for it instead.',
        { signIn: 'unavailable' },
      ),
    );
    expect(screen.getByRole('alert').textContent).toMatch(
      /^This server has no sign-in with a codeThe server at localhost:3000 does not offer/,
    );
  });

  it('asks nothing of the service when the browser refuses access', async () => {
    const steps = signInFlow({ access: false });
    renderSignIn(steps.flow);
    await startSigningIn();
    expect(steps.flow.start).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not sign inHandoff needs access to https://app.all-hands.dev to sign in there, and the browser did not grant it. Try again and allow access when the browser asks.',
    );
  });

  it('shows a failure to keep the key as the sign-in’s failure', async () => {
    const steps = signInFlow();
    renderSignIn(
      steps.flow,
      vi.fn(async () => {
        throw new Error('The browser’s storage is full.');
      }),
    );
    await startSigningIn();
    await steps.giveCode();
    await steps.settle({ token: TOKEN });
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not sign inThe browser’s storage is full.',
    );
  });

  it('copies the code for pasting on the approval page', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const steps = signInFlow();
    renderSignIn(steps.flow);
    await startSigningIn(user);
    await steps.giveCode();
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('WDJBMJHT');
    expect(screen.getByText('The code is copied.')).toBeTruthy();
  });

  it('works from the keyboard alone', async () => {
    const user = userEvent.setup();
    const steps = signInFlow();
    renderSignIn(steps.flow);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(steps.flow.start).toHaveBeenCalledTimes(1);
    await steps.giveCode();
    // From the focused link, Tab reaches Cancel; Enter there ends the sign-in.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toMatch(/^Sign-in cancelled/);
  });

  it('starts from the beginning when the server address changes', async () => {
    const steps = signInFlow();
    const { view, onSignedIn } = renderSignIn(steps.flow);
    await startSigningIn();
    await steps.giveCode();
    view.rerender(
      <DeviceSignIn
        serverUrl="https://staging.all-hands.dev"
        onSignedIn={onSignedIn}
        flow={steps.flow}
      />,
    );
    expect(steps.waits[0]?.signal.aborted).toBe(true);
    expect(screen.queryByText('WDJBMJHT')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await startSigningIn();
    expect(steps.flow.requestAccess).toHaveBeenLastCalledWith('https://staging.all-hands.dev');
  });

  it('stops polling when the page goes away', async () => {
    const steps = signInFlow();
    const { view } = renderSignIn(steps.flow);
    await startSigningIn();
    await steps.giveCode();
    view.unmount();
    expect(steps.waits[0]?.signal.aborted).toBe(true);
  });
});
