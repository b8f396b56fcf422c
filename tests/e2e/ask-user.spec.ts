// The agent asks the person a question (agent servers 1.54+): the list and the badge say the
// conversation needs them, a notification names the question, the panel shows it with its
// choices, a person's click or keys answer it, the agent goes on and the badge clears. On an
// agent server alone and on a V1 app server's sandbox, which run the same agent-server code.
import type { Page, Worker } from '@playwright/test';
import { stateUpdate } from '../service/agent/v1-scenarios';
import { askUserAction, askUserRequest } from '../service/agent-server/ask-user';
import type { RunningService } from '../service/index';
import { expect, test } from './fixtures';
import { configuredPanel } from './support/options-pages';
import {
  createV1Conversation,
  nowLine,
  openPanel,
  startFromForm,
  timeline,
} from './support/panel-pages';

const KEY = 'ask-user-agent-key';
const ASKING = '1.54.0';

type Json = Record<string, unknown>;

const badge = (worker: Worker) => worker.evaluate(() => chrome.action.getBadgeText({}));
const notifications = async (worker: Worker) =>
  Object.keys(await worker.evaluate(() => chrome.notifications.getAll()));

function questionCard(page: Page) {
  return page.getByRole('form', { name: 'The agent’s question' });
}

async function storedKinds(service: RunningService, id: string): Promise<Json[]> {
  return (await service.admin.storedEvents(id)).events as Json[];
}

test.describe('on an agent server alone', () => {
  test.use({ serviceOptions: { server: 'agent', pace: 0.02, apiKey: KEY, agentVersion: ASKING } });

  test('the agent asks; the list and the badge say Needs you; the person answers from the panel; the agent goes on and the badge clears', async ({
    service,
    openExtensionPage,
    serviceWorker,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY);
    const id = await startFromForm(panel, '[scenario:ask-user] Add a login page');

    const card = questionCard(panel);
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(nowLine(panel)).toContainText('Needs you');
    await expect(nowLine(panel)).toContainText('the agent asks you');
    await expect(panel.locator('[data-status-label]')).toHaveText('Has a question for you');
    await expect(
      card.getByRole('group', { name: /Which sign-in should the login page use\?/ }),
    ).toBeVisible();
    await expect(card.getByRole('radio')).toHaveCount(3);
    // Not a confirmation: nothing offers to run the ask_user tool call.
    await expect(panel.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
    await expect(timeline(panel).locator('[data-category="question"]')).toContainText('Asked you');

    await expect.poll(() => badge(serviceWorker), { timeout: 20_000 }).toBe('1');
    expect(await serviceWorker.evaluate(() => chrome.action.getTitle({}))).toMatch(
      /1 conversation needs you/,
    );
    // The person is looking at it in this panel: the badge counts it, and no notification
    // repeats what the panel on screen shows.
    expect(await notifications(serviceWorker)).not.toContain(`handoff:${id}`);

    // The list, in another panel: under Needs you, said as a question.
    const list = await openPanel(openExtensionPage);
    const row = list.locator(`.conversation-item[data-conversation-id="${id}"]`);
    await expect(row).toHaveAttribute('data-group', 'needs-you', { timeout: 20_000 });
    await expect(row.locator('[data-need="question"]')).toHaveText('Has a question for you', {
      timeout: 20_000,
    });
    await list.close();

    await card.getByRole('radio', { name: /OAuth with GitHub/ }).click();
    await card.getByRole('button', { name: 'Send answer' }).click();

    await expect(card).toBeHidden({ timeout: 20_000 });
    await expect(
      timeline(panel).locator('[data-category="answer"]', { hasText: 'You answered' }),
    ).toContainText('OAuth with GitHub');
    await expect(timeline(panel)).toContainText('I will go with OAuth with GitHub', {
      timeout: 20_000,
    });
    await expect(panel.locator('[data-status-label]')).toHaveText('Finished', { timeout: 20_000 });
    await expect.poll(() => badge(serviceWorker), { timeout: 20_000 }).toBe('');

    const events = await storedKinds(service, id);
    const responses = events.filter((event) => event.kind === 'AskUserResponseEvent');
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      source: 'user',
      action: 'accept',
      answers: { auth: [{ option_id: 'oauth', label: 'OAuth with GitHub' }] },
    });
  });

  test('a question without choices is answered in words from the keyboard; decline and leave-to-the-agent reach the agent too', async ({
    service,
    openExtensionPage,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY);
    const id = await startFromForm(panel, '[scenario:ask-user-free] Add a command');
    const card = questionCard(panel);
    await expect(card).toBeVisible({ timeout: 20_000 });
    await expect(card.getByRole('radio')).toHaveCount(0);
    const box = card.getByRole('textbox', { name: 'Your answer' });
    await box.fill('handoff deploy');
    await box.press('Control+Enter');
    await expect(card).toBeHidden({ timeout: 20_000 });
    await expect(timeline(panel).locator('[data-category="answer"]')).toContainText(
      'handoff deploy',
    );
    const response = (await storedKinds(service, id)).find(
      (event) => event.kind === 'AskUserResponseEvent',
    );
    expect(response?.answers).toEqual({
      name: [{ option_id: 'free-text', label: 'handoff deploy' }],
    });

    for (const [button, action, words] of [
      ['Decline', 'decline', 'You declined to answer'],
      ['Let the agent decide', 'cancel', 'You left the choice to the agent'],
    ] as const) {
      const other = await startFromForm(panel, '[scenario:ask-user] Add a login page');
      await expect(questionCard(panel)).toBeVisible({ timeout: 20_000 });
      await questionCard(panel).getByRole('button', { name: button }).click();
      await expect(timeline(panel).locator('[data-category="answer"]')).toContainText(words, {
        timeout: 20_000,
      });
      const stored = await storedKinds(service, other);
      expect(stored.find((event) => event.kind === 'AskUserResponseEvent')).toMatchObject({
        action,
      });
      await expect
        .poll(async () =>
          (await storedKinds(service, other)).some(
            (event) =>
              event.kind === 'ObservationEvent' &&
              (event.observation as Json).resolution === action,
          ),
        )
        .toBe(true);
    }
  });

  test('three hundred choices: the person filters, picks with Enter and sends from the keyboard', async ({
    service,
    openExtensionPage,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY);
    const id = await startFromForm(panel, '[scenario:finish-quickly] Deploy it');
    await expect(panel.locator('[data-status-label]')).toHaveText('Finished', { timeout: 20_000 });
    // The agent asks which of 300 regions, as a stored question would arrive.
    const options = Array.from({ length: 300 }, (_, n) => ({
      id: `r${n}`,
      label: `Region ${n}`,
      description: n % 2 ? 'Europe' : 'Americas',
    }));
    const action = {
      id: crypto.randomUUID(),
      ...askUserAction([{ id: 'region', question: 'Deploy to which region?', options }], 'Ask.'),
    };
    await service.admin.appendEvents(id, [
      action,
      { ...askUserRequest(action), action_id: action.id },
      stateUpdate('execution_status', 'waiting_for_confirmation'),
    ]);
    const card = questionCard(panel);
    await expect(card).toBeVisible({ timeout: 20_000 });
    const filter = card.getByRole('searchbox', { name: 'Find among the 300 choices' });
    await filter.fill('region 277');
    await filter.press('Enter');
    await expect(card.getByRole('radio', { name: /Region 277/ })).toBeChecked();
    await expect(card.getByRole('radio', { name: /Region 277/ })).toBeFocused();
    await panel.keyboard.press('Enter');
    await expect(card).toBeHidden({ timeout: 20_000 });
    const response = (await storedKinds(service, id)).find(
      (event) => event.kind === 'AskUserResponseEvent',
    );
    expect(response?.answers).toEqual({ region: [{ option_id: 'r277', label: 'Region 277' }] });
  });

  test('a question answered elsewhere is said so, and an answer the server refuses is said in words with nothing sent twice', async ({
    service,
    openExtensionPage,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY);
    const id = await startFromForm(panel, '[scenario:ask-user] Add a login page');
    await expect(questionCard(panel)).toBeVisible({ timeout: 20_000 });

    // Another client answers first.
    const request = (await storedKinds(service, id)).find(
      (event) => event.kind === 'AskUserRequestEvent',
    ) as Json;
    const answered = await fetch(
      `${service.url}/api/conversations/${id}/events/respond_to_ask_user`,
      {
        method: 'POST',
        headers: { 'X-Session-API-Key': KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ request_id: request.request_id, action: 'decline' }),
      },
    );
    expect(answered.status).toBe(200);
    await expect(questionCard(panel)).toBeHidden({ timeout: 20_000 });
    await expect(nowLine(panel)).toContainText('This question was already answered');

    // The next question: the server refuses the answer as a closed one (as when another client
    // answered in the same instant), and the panel says so instead of sending it again.
    const second = await startFromForm(panel, '[scenario:ask-user] Add a login page');
    const card = questionCard(panel);
    await expect(card).toBeVisible({ timeout: 20_000 });
    await service.admin.failNext({
      path: '/api/conversations/{conversation_id}/events/respond_to_ask_user',
      status: 409,
      body: { detail: 'No pending ask_user request for this conversation.' },
    });
    await card.getByRole('radio', { name: /JWT/ }).click();
    await card.getByRole('button', { name: 'Send answer' }).click();
    await expect(nowLine(panel)).toContainText('This question was already answered', {
      timeout: 20_000,
    });
    await expect(card.getByRole('button', { name: 'Send answer' })).toBeDisabled();
    await card.getByRole('button', { name: 'Decline' }).click({ force: true });
    expect(
      (await storedKinds(service, second)).filter((event) => event.kind === 'AskUserResponseEvent'),
    ).toHaveLength(0);
  });
});

test.describe('on a V1 app server whose sandboxes run agent server 1.54', () => {
  test.use({ serviceOptions: { server: 'v1', pace: 0.02, agentVersion: ASKING } });

  test('the question shows, counts on the badge, is answered from the panel and the agent goes on', async ({
    service,
    connectToService,
    openExtensionPage,
    serviceWorker,
  }) => {
    await connectToService();
    const id = await createV1Conversation(service, '[scenario:ask-user] Add a login page');
    const panel = await openPanel(openExtensionPage, `?conversation=${id}`);
    const card = questionCard(panel);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => badge(serviceWorker), { timeout: 20_000 }).toBe('1');
    await card.getByRole('radio', { name: /JWT bearer tokens/ }).click();
    await card.getByRole('button', { name: 'Send answer' }).click();
    await expect(card).toBeHidden({ timeout: 20_000 });
    await expect(timeline(panel)).toContainText('I will go with JWT bearer tokens', {
      timeout: 20_000,
    });
    await expect.poll(() => badge(serviceWorker), { timeout: 20_000 }).toBe('');
    expect(
      (await storedKinds(service, id)).find((event) => event.kind === 'AskUserResponseEvent'),
    ).toMatchObject({ action: 'accept', answers: { auth: [{ option_id: 'jwt' }] } });
  });
});
