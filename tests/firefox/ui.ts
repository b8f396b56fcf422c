// What a person does on a page, in puppeteer terms: find things by role and accessible name (the
// names Playwright's getByRole uses in the Chromium suite), click, type, read. Every input goes
// through BiDi's input module, so clicks and keys are trusted events, as a person's are.
import type { ElementHandle, Page } from 'puppeteer-core';

const TIMEOUT = 10_000;

/** A selector for the element with this ARIA role and exact accessible name. */
export function role(kind: string, name: string): string {
  return `::-p-aria([name=${JSON.stringify(name)}][role=${JSON.stringify(kind)}])`;
}

/**
 * A button of the page button group, inside its open shadow root (BiDi's accessibility locator
 * does not pierce shadow roots, so these are found by the group's own marks).
 */
export function pageButton(action: 'start' | 'microagents' | 'view-microagent'): string {
  return `[data-handoff-root] >>> button[data-action="${action}"]`;
}

/** A selector for the innermost element whose text contains this. */
export function text(words: string): string {
  return `::-p-text(${JSON.stringify(words)})`;
}

/**
 * The form control whose <label> reads exactly this (a password field has no textbox role to
 * find it by). Understood by find() and everything built on it.
 */
export function label(words: string): string {
  return `label:${words}`;
}

export async function find(
  page: Page,
  selector: string,
  timeout = TIMEOUT,
): Promise<ElementHandle<Element>> {
  if (selector.startsWith('label:')) {
    const control = await page.waitForFunction(
      (words: string) => {
        for (const element of document.querySelectorAll('label')) {
          if (element.textContent?.trim() === words && element.control) return element.control;
        }
        return null;
      },
      { timeout, polling: 100 },
      selector.slice('label:'.length),
    );
    const element = control.asElement();
    if (!element) throw new Error(`no control labelled ${selector}`);
    return element as ElementHandle<Element>;
  }
  const handle = await page.waitForSelector(selector, { timeout });
  if (!handle) throw new Error(`nothing matches ${selector}`);
  return handle as ElementHandle<Element>;
}

/**
 * Clicks a control once it is enabled, as a person waits for a greyed-out button (and as
 * Playwright's click does): a click on a disabled button does nothing, so clicking at once
 * would make the test race the page's own loading.
 */
export async function click(page: Page, selector: string, timeout = TIMEOUT): Promise<void> {
  const handle = await find(page, selector, timeout);
  await page.waitForFunction(
    (element: Element) => !(element as HTMLButtonElement).disabled,
    { timeout, polling: 100 },
    handle,
  );
  await handle.click();
}

/** Alt-click, as a person holding Alt clicks. */
export async function altClick(page: Page, selector: string): Promise<void> {
  const handle = await find(page, selector);
  await page.keyboard.down('Alt');
  try {
    await handle.click();
  } finally {
    await page.keyboard.up('Alt');
  }
}

/** Replaces a field's text with this, by keyboard: select all, then type. */
export async function fill(page: Page, selector: string, value: string): Promise<void> {
  const handle = await find(page, selector);
  await handle.focus();
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  if (value) await page.keyboard.type(value);
  else await page.keyboard.press('Backspace');
}

export async function fieldValue(page: Page, selector: string): Promise<string> {
  return (await find(page, selector)).evaluate((element) => (element as HTMLInputElement).value);
}

/** Resolves when the page's visible text contains these words. */
export async function waitForText(page: Page, words: string, timeout = TIMEOUT): Promise<void> {
  await page.waitForFunction(
    // biome-ignore lint/performance/useDomNodeTextContent: the words a person sees, not hidden ones.
    (expected: string) => document.body?.innerText.includes(expected) ?? false,
    { timeout, polling: 100 },
    words,
  );
}

/** The page's visible text. */
export function bodyText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the words a person sees, not hidden ones.
  return page.evaluate(() => document.body?.innerText ?? '');
}

export async function count(page: Page, selector: string): Promise<number> {
  return (await page.$$(selector)).length;
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The id of the conversation the panel opened; says what the panel shows when none opens. */
export async function openedConversation(panel: Page): Promise<string> {
  const view = await panel
    .waitForSelector('[data-view="conversation"] .conversation', { timeout: 30_000 })
    .catch(async (error: unknown) => {
      throw new Error(`no conversation opened; the panel says: ${await bodyText(panel)}`, {
        cause: error,
      });
    });
  return (await view?.evaluate((element) => element.getAttribute('data-conversation-id'))) ?? '';
}
