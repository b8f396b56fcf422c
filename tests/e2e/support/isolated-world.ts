// A compromised content script, simulated: code run through CDP inside Handoff's own isolated
// world on a code-host page, with every power our real content script has (chrome.runtime, the
// storage areas it may reach, the page's DOM) and no more. `userGesture` makes the evaluation
// count as the person's click, as a content script that hijacked one would have.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

interface ExecutionContext {
  id: number;
  origin: string;
  name: string;
  auxData?: { type?: string; isDefault?: boolean; frameId?: string };
}

export interface IsolatedWorld {
  evaluate<T>(expression: string, options?: { userGesture?: boolean }): Promise<T>;
}

export async function handoffWorld(
  context: BrowserContext,
  page: Page,
  extensionId: string,
): Promise<IsolatedWorld> {
  const cdp: CDPSession = await context.newCDPSession(page);
  const worlds: ExecutionContext[] = [];
  cdp.on('Runtime.executionContextCreated', (event: { context: ExecutionContext }) => {
    worlds.push(event.context);
  });
  await cdp.send('Runtime.enable');
  const ours = () =>
    worlds.find(
      (world) =>
        world.auxData?.type === 'isolated' && world.origin === `chrome-extension://${extensionId}`,
    );
  for (let waited = 0; !ours() && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const world = ours();
  if (!world) throw new Error('Handoff’s content script world did not appear on the page');
  return {
    async evaluate<T>(expression: string, options: { userGesture?: boolean } = {}): Promise<T> {
      const answer = (await cdp.send('Runtime.evaluate', {
        expression,
        contextId: world.id,
        awaitPromise: true,
        returnByValue: true,
        userGesture: options.userGesture ?? false,
      })) as { result: { value?: unknown }; exceptionDetails?: { text: string } };
      if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.text);
      return answer.result.value as T;
    },
  };
}
