import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';
import { collectTimelineIdsInPage } from '../../shared/panel-page';

// Helpers that only talk to the service are shared with the Firefox suite.
export {
  appConversation,
  createV0Conversation,
  createV1Conversation,
  ensureRepository,
  idsInTimeOrder,
  sameIds,
  storedIds,
  v0Conversation,
} from '../../shared/service-helpers';

/** Every event id the panel's timeline has in the DOM (rows and their paired results). */
export function domEventIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-event-id]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-event-id') ?? ''));
}

/** Opens the side panel as a tab, on a conversation or on its start view. */
export async function openPanel(
  openExtensionPage: (path: string) => Promise<Page>,
  query = '',
): Promise<Page> {
  const page = await openExtensionPage(`sidepanel.html${query}`);
  await expect(page.getByRole('tablist')).toBeVisible();
  return page;
}

export function timeline(page: Page) {
  return page.getByRole('feed', { name: 'Conversation events' });
}

/** Picks an item of the conversation's menu ("Conversation actions"). */
export async function conversationMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Shows system and hidden events, so every stored event has a row. */
export async function showSystemEvents(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Conversation actions' }).click();
  const toggle = page.getByRole('menuitemcheckbox', { name: 'Show system and hidden events' });
  if ((await toggle.getAttribute('aria-checked')) === 'true') {
    await page.keyboard.press('Escape');
    return;
  }
  await toggle.click();
  await expect(page.getByRole('menu')).toBeHidden();
}

/** The now line: what the conversation is doing, and the view's one banner. */
export function nowLine(page: Page) {
  return page.getByRole('region', { name: 'What the agent is doing now' });
}

/** Waits until the conversation's live stream is connected. */
export async function expectLive(page: Page, timeout = 20_000): Promise<void> {
  await expect(page.locator('.conversation[data-transport="live"]')).toBeVisible({ timeout });
}

/**
 * Every event id the timeline shows, top to bottom (`rowsOnly`: each row's first event only,
 * which is the rows' order); shared with the Firefox suite.
 */
export function collectTimelineIds(page: Page, rowsOnly = false): Promise<string[]> {
  return page.evaluate(collectTimelineIdsInPage, rowsOnly);
}

/**
 * The launch the worker handed the side panel after a click on a page: still stored for the
 * panel (`handoff:pending-launches`), or, once the panel took it, the kind the panel shows it got
 * (its `data-last-launch`; the panel shows no id). Null while there is neither.
 */
export async function handedLaunch(
  context: BrowserContext,
  serviceWorker: Worker,
): Promise<{ kind: string; conversationId?: string } | null> {
  const stored = await serviceWorker.evaluate(
    async () =>
      (await chrome.storage.session.get('handoff:pending-launches'))['handoff:pending-launches'] ??
      {},
  );
  const waiting = Object.values(
    stored as Record<string, { kind: string; conversationId?: string }>,
  );
  if (waiting[0]) return waiting[0];
  const taken = await evaluateInSidePanel(
    context,
    "document.querySelector('main')?.dataset.lastLaunch ?? null",
  );
  return typeof taken === 'string' ? { kind: taken } : null;
}

/**
 * Evaluates an expression in the real side panel (a page target Playwright does not list among
 * the context's pages), through a browser-level CDP session. Picks the first side-panel
 * document: use it where no panel is open as a tab.
 */
export async function evaluateInSidePanel(
  context: BrowserContext,
  expression: string,
): Promise<unknown> {
  const browser = context.browser();
  if (!browser) throw new Error('no browser to attach to');
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; url: string }[];
    };
    const target = targetInfos.find(
      (info) => info.type === 'page' && /\/sidepanel\.html/.test(info.url),
    );
    if (!target) return undefined;
    const { sessionId } = (await cdp.send('Target.attachToTarget', {
      targetId: target.targetId,
      flatten: false,
    })) as { sessionId: string };
    const reply = new Promise<unknown>((resolve) => {
      cdp.on('Target.receivedMessageFromTarget', (event: { message: string }) => {
        const message = JSON.parse(event.message) as {
          id?: number;
          result?: { result?: { value?: unknown } };
        };
        if (message.id === 1) resolve(message.result?.result?.value);
      });
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({
        id: 1,
        method: 'Runtime.evaluate',
        params: { expression, returnByValue: true },
      }),
    });
    return await reply;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Reads older history the way a person does: "Load older events" until there is none. */
export async function loadEveryOlderPage(page: Page): Promise<void> {
  const older = page.getByRole('button', { name: 'Load older events' });
  const pending = page.getByText(/^(Load older events|Loading older events…)$/);
  await expect
    .poll(
      async () => {
        if (await older.isVisible()) await older.click({ timeout: 1_000 }).catch(() => {});
        return pending.count();
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(0);
}

/** Opens the panel's New tab and gives its form. */
export async function openNewForm(panel: Page) {
  await panel.getByRole('tab', { name: 'New' }).click();
  return panel.getByRole('form', { name: 'New conversation' });
}

/** What a person types in the New form: a first message, on a GitHub repository and branch. */
export interface NewConversation {
  repository?: string;
  branch?: string;
  message: string;
}

/**
 * Fills the panel's New form as a person does (a GitHub repository, and its branch, when given)
 * and presses Start; gives the form, where a refusal shows.
 */
export async function submitNewConversation(
  panel: Page,
  { repository, branch, message }: NewConversation,
) {
  const form = await openNewForm(panel);
  if (repository) {
    await form.getByLabel('Repository', { exact: true }).fill(repository);
    await form.getByLabel('Git provider').selectOption('github');
  }
  if (branch) await form.getByLabel('Branch').fill(branch);
  await form.getByLabel('First message').fill(message);
  await form.getByRole('button', { name: 'Start conversation' }).click();
  return form;
}

/** The id of the conversation the panel switched to once a start went through. */
export async function openedConversationId(page: Page): Promise<string> {
  const view = page.locator('[data-view="conversation"] .conversation');
  await expect(view).toBeVisible({ timeout: 30_000 });
  return (await view.getAttribute('data-conversation-id')) as string;
}

/** Starts from the panel's form (a first message alone, or more) and gives the new conversation's id. */
export async function startFromForm(panel: Page, start: string | NewConversation): Promise<string> {
  await submitNewConversation(panel, typeof start === 'string' ? { message: start } : start);
  return openedConversationId(panel);
}
