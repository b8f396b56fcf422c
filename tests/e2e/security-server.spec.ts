import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  type HostileServer,
  startForeignRuntimeServer,
  startRecorder,
  startRedirector,
} from './support/hostile-server';
import {
  expectLive,
  openedConversationId,
  openNewForm,
  openPanel,
  startFromForm,
} from './support/panel-pages';
import {
  patchStoredSettings,
  storeApiKey,
  storeServerList,
  testedServer,
} from './support/trusted-settings';

// docs/security.md: a hostile or misconfigured server. Whatever address it hands out, the key
// goes to the configured server's origin and nowhere else.

const KEY = 'session-key-server-91c4';
const ID = 'f00dfacecafe4b0b8d6a2c3e4f5a6b7c';
test.use({ serviceOptions: { pace: 0.02, apiKey: KEY } });

/** What an extension page's api.send call answers: the worker's own RPC, as pages use it. */
function send(page: Page, call: Record<string, unknown>) {
  return page.evaluate(
    (params) => chrome.runtime.sendMessage({ type: 'handoff/rpc', method: 'api.send', params }),
    call,
  ) as Promise<{ ok: boolean; error?: { message: string } }>;
}

/** Points Handoff at `serverUrl` with the key saved for it, as the person would. */
async function useServer(page: Page, serverUrl: string): Promise<void> {
  await storeApiKey(page, KEY, serverUrl);
  await patchStoredSettings(page, { serverUrl, credentialsChangedAt: Date.now() });
}

const stoppers: HostileServer[] = [];
test.afterEach(async () => {
  for (const server of stoppers.splice(0)) await server.stop();
});

test('a server that redirects gets a refusal in words; the key never reaches where it points', async ({
  openExtensionPage,
}) => {
  const target = await startRecorder();
  const redirector = await startRedirector(target.url);
  stoppers.push(target, redirector);
  const options = await openExtensionPage('options.html');
  await useServer(options, redirector.url);

  const panel = await openExtensionPage('sidepanel.html');
  await expect(
    panel
      .getByText(
        /answered with a redirect\. Handoff does not follow redirects, so the key never goes to another address/,
      )
      .first(),
  ).toBeVisible({
    timeout: 20_000,
  });
  expect(redirector.seen.length).toBeGreaterThan(0);
  expect(target.seen).toEqual([]);
});

test('a runtime on another origin without a key of its own gets no key, and the person is told why', async ({
  openExtensionPage,
}) => {
  const runtime = await startRecorder();
  const server = await startForeignRuntimeServer(ID, runtime.url);
  stoppers.push(runtime, server);
  const page = await openExtensionPage('options.html');
  await useServer(page, server.url);

  const answer = await send(page, {
    endpoint: 'v0.getEvents',
    method: 'GET',
    target: 'runtime',
    path: '/events',
    query: { limit: 20 },
    runtime: { conversation_id: ID, url: null, session_api_key: null },
  });
  expect(answer.ok).toBe(false);
  expect(answer.error?.message).toMatch(
    /^The conversation's runtime at 127\.0\.0\.1:\d+ asked for a key \(401\)\. The server gave it none of its own, and Handoff sends the server's key only to the server itself/,
  );
  expect(runtime.seen.map((request) => request.path)).toEqual([
    `/api/conversations/${ID}/events?limit=20`,
  ]);
  expect(runtime.credentials()).toEqual([]);
  // The configured server itself was asked, with its key.
  expect(server.credentials()).toContain(KEY);
});

test('an agent server address made up by a page goes nowhere: the worker asks the server', async ({
  service,
  connectToService,
  openExtensionPage,
}) => {
  const elsewhere = await startRecorder();
  stoppers.push(elsewhere);
  await connectToService();
  const page = await openExtensionPage('options.html');
  const agent = await send(page, {
    endpoint: 'agent.searchEvents',
    method: 'GET',
    target: 'agent-server',
    path: '/events/search',
    agentServer: {
      conversation_url: `${elsewhere.url}/api/conversations/${service.seedIds.v1.parserFix}`,
      session_api_key: null,
    },
  });
  // Whatever the server says about that conversation's sandbox, the made-up address is unused.
  expect(agent.ok === true || typeof agent.error?.message === 'string').toBe(true);
  expect(elsewhere.seen).toEqual([]);
});

test.describe('a server before 1.7, with V0 runtimes', () => {
  test.use({ serviceOptions: { server: 'legacy', pace: 0.02, apiKey: KEY } });

  test('a runtime address made up by a page goes nowhere: the worker asks the server', async ({
    service,
    connectToService,
    openExtensionPage,
  }) => {
    const elsewhere = await startRecorder();
    stoppers.push(elsewhere);
    await connectToService();
    const page = await openExtensionPage('options.html');
    const id = service.seedIds.v0.renameFile;
    const runtime = await send(page, {
      endpoint: 'v0.getEvents',
      method: 'GET',
      target: 'runtime',
      path: '/events',
      query: { limit: 5 },
      runtime: {
        conversation_id: id,
        url: `${elsewhere.url}/api/conversations/${id}`,
        session_api_key: null,
      },
    });
    expect(runtime).toMatchObject({ ok: true });
    expect(elsewhere.seen).toEqual([]);
  });
});

test.describe('several servers at once', () => {
  const HOME_KEY = 'session-key-home-5e02';
  const RELAY_KEY = 'session-key-relay-a7c9';
  test.use({
    serviceOptions: { server: 'v1', pace: 0.02, apiKey: KEY },
    secondServiceOptions: { server: 'agent', pace: 0.02, apiKey: HOME_KEY },
  });

  test('each server is offered its own key only: lists, streams, starts, and a server that redirects to another', async ({
    service,
    secondService,
    openExtensionPage,
  }) => {
    // A third server that answers everything with a redirect to the agent server, as a
    // misconfigured proxy in front of one server pointing at another would.
    const relay = await startRedirector(secondService.url);
    stoppers.push(relay);
    const options = await openExtensionPage('options.html');
    await storeServerList(options, {
      servers: [
        testedServer('default', 'Work', service, 'v1'),
        testedServer('home', 'Home', secondService, 'agent'),
        testedServer('relay', 'Relay', { url: relay.url, apiKey: RELAY_KEY }, 'v1'),
      ],
      defaultServerId: 'default',
    });

    // Every list read; the relay is marked, in words, and its redirect not followed.
    const panel = await openPanel(openExtensionPage);
    await expect(panel.locator('[data-server-down="relay"]')).toContainText(
      /answered with a redirect\. Handoff does not follow redirects/,
      { timeout: 20_000 },
    );
    // A live stream and a start on each of the other two.
    const onWork = await startFromForm(panel, 'List the files');
    await expectLive(panel);
    const form = await openNewForm(panel);
    await form.getByLabel('First message').fill('Count the lines');
    await form.getByLabel('Start on').selectOption({ label: 'Home' });
    await form.getByRole('button', { name: 'Start conversation' }).click();
    await expect
      .poll(
        () =>
          panel
            .locator('[data-view="conversation"] .conversation')
            .getAttribute('data-conversation-id'),
        { timeout: 30_000 },
      )
      .not.toBe(onWork);
    await openedConversationId(panel);
    await expectLive(panel);

    const work = service.service.credentialsSeen.values();
    const home = secondService.service.credentialsSeen.values();
    expect(work).toContain(KEY);
    expect(home).toContain(HOME_KEY);
    // Work's own listeners (its app server and its sandboxes' agent servers) never got Home's
    // or the relay's key; Home never got Work's or the relay's, not even through the redirect.
    expect(work).not.toContain(HOME_KEY);
    expect(work).not.toContain(RELAY_KEY);
    expect(home).not.toContain(KEY);
    expect(home).not.toContain(RELAY_KEY);
    expect(relay.seen.length).toBeGreaterThan(0);
    expect(new Set(relay.credentials())).toEqual(new Set([RELAY_KEY]));
  });
});
