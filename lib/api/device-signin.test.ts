// Signing in with a code (docs/contract/device-signin.md): the two requests as the hosted service
// takes them, the polling rhythm it asks for, and every way it ends in words a person can act on.
import { describe, expect, it } from 'vitest';
import { apiFailure } from '@/lib/api/testing/failure';
import {
  type DeviceAuthorization,
  type SignInClock,
  startDeviceSignIn,
  waitForDeviceSignIn,
} from './device-signin';
import { ApiError, reviveError, serializeError } from './errors';
import { fakeFetch, htmlPage, jsonResponse, type RecordedRequest } from './testing/fake-fetch';

const HOSTED = 'https://app.all-hands.dev';
const DEVICE_CODE = 'd'.repeat(128);
const T0 = 1_750_000_000_000;

const authorizeAnswer = {
  device_code: DEVICE_CODE,
  user_code: 'WDJBMJHT',
  verification_uri: `${HOSTED}/oauth/device/verify`,
  verification_uri_complete: `${HOSTED}/oauth/device/verify?user_code=WDJBMJHT`,
  expires_in: 600,
  interval: 5,
};

/** Upstream's refusals: `{error, error_description, interval}`, 400 unless said otherwise. */
function refusal(error: string, extra: { interval?: number; status?: number } = {}) {
  return jsonResponse(
    { error, error_description: `said ${error}`, interval: extra.interval ?? null },
    { status: extra.status ?? 400 },
  );
}

const granted = () =>
  jsonResponse({ access_token: 'sk-oh-devicekey', token_type: 'Bearer', expires_in: null });

/**
 * A clock whose waits pass at once, recording when each request left. `held` makes a wait last
 * until the sign-in is cancelled, as a real one would while the person is still reading.
 */
function fakeClock(options: { held?: boolean } = {}) {
  let now = T0;
  const waits: number[] = [];
  const clock: SignInClock = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise((resolve, reject) => {
        waits.push(ms);
        const abort = () => reject(new ApiError('aborted', 'Signing in was cancelled.'));
        if (signal?.aborted) return abort();
        if (options.held) {
          signal?.addEventListener('abort', abort, { once: true });
          return;
        }
        now += ms;
        resolve();
      }),
  };
  return { clock, waits, elapsed: () => now - T0 };
}

/** A hosted service whose token route answers from a script, one entry per poll. */
function hostedAnswering(polls: (() => Response | Promise<Response>)[], now: () => number) {
  const pollTimes: number[] = [];
  const fake = fakeFetch((request: RecordedRequest) => {
    if (request.url.pathname === '/oauth/device/authorize') return jsonResponse(authorizeAnswer);
    pollTimes.push(now() - T0);
    const next = polls.shift();
    if (!next) throw new Error('polled once too often');
    return next();
  });
  return { ...fake, pollTimes };
}

function authorization(overrides: Partial<DeviceAuthorization> = {}): DeviceAuthorization {
  return {
    deviceCode: DEVICE_CODE,
    userCode: 'WDJBMJHT',
    verificationUrl: authorizeAnswer.verification_uri_complete,
    verificationUri: authorizeAnswer.verification_uri,
    expiresAt: T0 + 600_000,
    intervalSeconds: 5,
    ...overrides,
  };
}

describe('asking for a code', () => {
  it('asks without any credential and keeps the secret code out of what is shown', async () => {
    const { clock } = fakeClock();
    const { fetch, requests } = fakeFetch(() => jsonResponse(authorizeAnswer));
    const signIn = await startDeviceSignIn({ baseUrl: `${HOSTED}/`, fetch }, { clock });
    expect(signIn).toEqual({
      deviceCode: DEVICE_CODE,
      userCode: 'WDJBMJHT',
      verificationUrl: `${HOSTED}/oauth/device/verify?user_code=WDJBMJHT`,
      verificationUri: `${HOSTED}/oauth/device/verify`,
      expiresAt: T0 + 600_000,
      intervalSeconds: 5,
    });
    expect(requests).toHaveLength(1);
    const [sent] = requests as [RecordedRequest];
    expect(sent.method).toBe('POST');
    expect(sent.url.href).toBe(`${HOSTED}/oauth/device/authorize`);
    expect(sent.body).toBeUndefined();
    expect(sent.headers.get('authorization')).toBeNull();
    expect(sent.headers.get('x-session-api-key')).toBeNull();
    expect(sent.credentials).toBe('omit');
    expect(sent.redirect).toBe('manual');
  });

  it('reads a server that leaves out what RFC 8628 makes optional', async () => {
    const { clock } = fakeClock();
    const { fetch } = fakeFetch(() =>
      jsonResponse({
        device_code: 'abc',
        user_code: 'ABCD2345',
        verification_uri: `${HOSTED}/device`,
        expires_in: 900,
      }),
    );
    const signIn = await startDeviceSignIn({ baseUrl: HOSTED, fetch }, { clock });
    expect(signIn.verificationUrl).toBe(`${HOSTED}/device`);
    expect(signIn.intervalSeconds).toBe(5);
    expect(signIn.expiresAt).toBe(T0 + 900_000);
  });

  it('never sends the person to an address that is not a web page', async () => {
    const { fetch } = fakeFetch(() =>
      jsonResponse({ ...authorizeAnswer, verification_uri_complete: 'javascript:alert(1)' }),
    );
    const error = await apiFailure(startDeviceSignIn({ baseUrl: HOSTED, fetch }));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toBe(
      "The server at app.all-hands.dev answered the sign-in with something Handoff cannot read: is this the hosted service's address?",
    );
  });

  it.each([
    [
      'a self-hosted server without its web app (404)',
      () => jsonResponse({ detail: 'Not Found' }, { status: 404 }),
    ],
    [
      'a self-hosted server with its web app (405)',
      () => jsonResponse({ detail: 'Method Not Allowed' }, { status: 405 }),
    ],
    [
      'a server that answers every address with its web page',
      () => new Response(htmlPage, { headers: { 'content-type': 'text/html' } }),
    ],
  ])('says %s has no sign-in, and what to do instead', async (_, answer) => {
    const { fetch } = fakeFetch(answer);
    const error = await apiFailure(startDeviceSignIn({ baseUrl: 'http://localhost:3000', fetch }));
    expect(error.signIn).toBe('unavailable');
    expect(error.message).toBe(
      'The server at localhost:3000 does not offer signing in with a code: only the hosted service does. Paste an API key for it instead.',
    );
    // The reason survives the trip across extension messaging.
    expect(reviveError(serializeError(error)).signIn).toBe('unavailable');
  });

  it('says when the server cannot be reached', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiFailure(startDeviceSignIn({ baseUrl: HOSTED, fetch }));
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/^Could not reach the server at app\.all-hands\.dev/);
  });

  it('refuses an unusable address before sending anything', async () => {
    const { fetch, requests } = fakeFetch(() => jsonResponse(authorizeAnswer));
    const error = await apiFailure(startDeviceSignIn({ baseUrl: 'app.all-hands.dev', fetch }));
    expect(error.kind).toBe('invalid-url');
    expect(requests).toHaveLength(0);
  });
});

describe('waiting for the approval', () => {
  it('polls at once, then at the interval, slows down when told, and resolves with the key', async () => {
    const { clock } = fakeClock();
    const hosted = hostedAnswering(
      [
        () => refusal('authorization_pending'),
        () => refusal('slow_down', { interval: 10 }),
        () => refusal('authorization_pending'),
        granted,
      ],
      clock.now,
    );
    const token = await waitForDeviceSignIn(
      { baseUrl: HOSTED, fetch: hosted.fetch },
      authorization(),
      { clock },
    );
    expect(token).toBe('sk-oh-devicekey');
    // 5 s, then 10 s from the slow-down on, for good.
    expect(hosted.pollTimes).toEqual([0, 5_000, 15_000, 25_000]);
    for (const poll of hosted.requests) {
      expect(poll.method).toBe('POST');
      expect(poll.url.href).toBe(`${HOSTED}/oauth/device/token`);
      expect(poll.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
      expect(poll.headers.get('authorization')).toBeNull();
      expect(new URLSearchParams(poll.body).get('device_code')).toBe(DEVICE_CODE);
      expect(new URLSearchParams(poll.body).get('grant_type')).toBe(
        'urn:ietf:params:oauth:grant-type:device_code',
      );
    }
  });

  it('adds five seconds on a slow-down that names no interval', async () => {
    const { clock } = fakeClock();
    const hosted = hostedAnswering(
      [() => refusal('slow_down'), () => refusal('slow_down', { interval: 3 }), granted],
      clock.now,
    );
    await waitForDeviceSignIn({ baseUrl: HOSTED, fetch: hosted.fetch }, authorization(), {
      clock,
    });
    expect(hosted.pollTimes).toEqual([0, 10_000, 25_000]);
  });

  it('stops when the code expires, without polling after it', async () => {
    const { clock, elapsed } = fakeClock();
    const hosted = hostedAnswering(
      Array.from({ length: 5 }, () => () => refusal('authorization_pending')),
      clock.now,
    );
    const error = await apiFailure(
      waitForDeviceSignIn(
        { baseUrl: HOSTED, fetch: hosted.fetch },
        authorization({ expiresAt: T0 + 12_000 }),
        { clock },
      ),
    );
    expect(hosted.pollTimes).toEqual([0, 5_000, 10_000]);
    // It says so when the code expires, not at the last poll before.
    expect(elapsed()).toBe(12_000);
    expect(error.signIn).toBe('expired');
    expect(error.message).toBe(
      'The sign-in code expired before it was approved. Start again for a new code.',
    );
  });

  it('believes the server when it says the code expired', async () => {
    const { clock } = fakeClock();
    const hosted = hostedAnswering([() => refusal('expired_token')], clock.now);
    const error = await apiFailure(
      waitForDeviceSignIn({ baseUrl: HOSTED, fetch: hosted.fetch }, authorization(), { clock }),
    );
    expect(error.signIn).toBe('expired');
    expect(error.kind).toBe('bad-request');
  });

  it('says when the service refused the sign-in', async () => {
    const { clock } = fakeClock();
    const hosted = hostedAnswering(
      [() => refusal('authorization_pending'), () => refusal('access_denied')],
      clock.now,
    );
    const error = await apiFailure(
      waitForDeviceSignIn({ baseUrl: HOSTED, fetch: hosted.fetch }, authorization(), { clock }),
    );
    expect(error.signIn).toBe('refused');
    expect(error.message).toBe(
      'The hosted service refused this sign-in. Start again, or paste an API key instead.',
    );
  });

  it('starts again when the service forgot the code', async () => {
    const { clock } = fakeClock();
    const hosted = hostedAnswering([() => refusal('invalid_grant')], clock.now);
    const error = await apiFailure(
      waitForDeviceSignIn({ baseUrl: HOSTED, fetch: hosted.fetch }, authorization(), { clock }),
    );
    expect(error.signIn).toBe('expired');
    expect(error.message).toMatch(/no longer knows this sign-in code.*Start again/);
  });

  it('stops at once when cancelled while waiting, and sends nothing more', async () => {
    const { clock, waits } = fakeClock({ held: true });
    const hosted = hostedAnswering([() => refusal('authorization_pending'), granted], clock.now);
    const controller = new AbortController();
    const waiting = waitForDeviceSignIn({ baseUrl: HOSTED, fetch: hosted.fetch }, authorization(), {
      clock,
      signal: controller.signal,
    });
    await expect.poll(() => waits.length).toBe(1);
    controller.abort();
    const error = await apiFailure(waiting);
    expect(error.kind).toBe('aborted');
    expect(error.message).toBe('Signing in was cancelled.');
    expect(hosted.requests).toHaveLength(1);
  });

  it('cancels the poll under way', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
          controller.abort();
        }),
    );
    const error = await apiFailure(
      waitForDeviceSignIn({ baseUrl: HOSTED, fetch }, authorization(), {
        clock: fakeClock().clock,
        signal: controller.signal,
      }),
    );
    expect(error.kind).toBe('aborted');
    expect(error.message).toBe('Signing in was cancelled.');
  });

  it('says a server without the token route has no sign-in', async () => {
    const { clock } = fakeClock();
    const hosted = hostedAnswering(
      [() => jsonResponse({ detail: 'Not Found' }, { status: 404 })],
      clock.now,
    );
    const error = await apiFailure(
      waitForDeviceSignIn({ baseUrl: HOSTED, fetch: hosted.fetch }, authorization(), { clock }),
    );
    expect(error.signIn).toBe('unavailable');
  });

  it('rides out two polls without an answer, and gives up on the third', async () => {
    const { clock } = fakeClock();
    const down = () => {
      throw new TypeError('Failed to fetch');
    };
    const recovering = hostedAnswering([down, down, granted], clock.now);
    await expect(
      waitForDeviceSignIn({ baseUrl: HOSTED, fetch: recovering.fetch }, authorization(), {
        clock,
      }),
    ).resolves.toBe('sk-oh-devicekey');
    expect(recovering.pollTimes).toEqual([0, 5_000, 10_000]);

    const other = fakeClock();
    const gone = hostedAnswering([down, down, down], other.clock.now);
    const error = await apiFailure(
      waitForDeviceSignIn({ baseUrl: HOSTED, fetch: gone.fetch }, authorization(), {
        clock: other.clock,
      }),
    );
    expect(error.kind).toBe('network');
    expect(error.message).toBe(
      'Could not reach the server at app.all-hands.dev (Failed to fetch). Check that it is running, that the address is right and that Handoff may access it.',
    );
    expect(gone.pollTimes).toEqual([0, 5_000, 10_000]);
  });

  it('waits as long as a busy server asks before polling again', async () => {
    const { clock } = fakeClock();
    const hosted = hostedAnswering(
      [
        () =>
          jsonResponse(
            { detail: 'Too many requests' },
            { status: 429, headers: { 'retry-after': '30' } },
          ),
        granted,
      ],
      clock.now,
    );
    await waitForDeviceSignIn({ baseUrl: HOSTED, fetch: hosted.fetch }, authorization(), {
      clock,
    });
    expect(hosted.pollTimes).toEqual([0, 30_000]);
  });

  it('passes on the server’s own words when it keeps failing', async () => {
    const { clock } = fakeClock();
    const failing = () => refusal('server_error', { status: 500 });
    const hosted = hostedAnswering([failing, failing, failing], clock.now);
    const error = await apiFailure(
      waitForDeviceSignIn({ baseUrl: HOSTED, fetch: hosted.fetch }, authorization(), { clock }),
    );
    expect(error.kind).toBe('server');
    expect(error.message).toBe(
      'The server at app.all-hands.dev failed while signing in: said server_error. Try again in a moment.',
    );
  });

  it('refuses a key it could not use as Bearer', async () => {
    const { clock } = fakeClock();
    const hosted = hostedAnswering(
      [() => jsonResponse({ access_token: 'k', token_type: 'mac' })],
      clock.now,
    );
    const error = await apiFailure(
      waitForDeviceSignIn({ baseUrl: HOSTED, fetch: hosted.fetch }, authorization(), { clock }),
    );
    expect(error.kind).toBe('bad-response');
  });
});
