// The servers' own limits, as a person meets them: an agent server running as many
// conversations as it allows (1.54+) keeps a message but not its run, and the hosted service's
// conversations a day. Each is said in words with when or how to go on, and nothing is lost or
// sent twice.
import { expect, test } from './fixtures';
import { CONNECTED, configuredPanel } from './support/options-pages';
import { startFromForm, submitNewConversation, timeline } from './support/panel-pages';

test.describe('an agent server at its run limit', () => {
  const KEY = 'agent-key-limits-7d1';
  test.use({
    serviceOptions: { server: 'agent', pace: 0.02, apiKey: KEY, scenario: 'finish-quickly' },
  });

  test('a message it keeps without running counts as sent, says so, and Resume lets the agent take it up', async ({
    service,
    openExtensionPage,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY);
    const id = await startFromForm(panel, 'Say hello');
    await service.admin.waitIdle(id);

    // Every run slot taken by other conversations.
    await service.admin.holdRunSlots(10);
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.fill('Now add the tests');
    await box.press('Enter');
    const notice = panel.locator('[data-problem="message-waiting"]');
    await expect(notice).toContainText(
      'Your message reached the agent, but it cannot start on it yet',
    );
    await expect(notice).toContainText('no need to send it again');
    // Sent, not failed: the box is empty and the message is in the conversation, once.
    await expect(box).toHaveValue('');
    await expect(
      timeline(panel).locator('.message-user', { hasText: 'Now add the tests' }),
    ).toHaveCount(1);
    const stored = (await service.admin.storedEvents(id)).events;
    expect(JSON.stringify(stored).split('Now add the tests').length - 1).toBe(1);

    // Room again: Resume starts the agent on the message it kept, which it answers.
    const agentMessages = async () =>
      ((await service.admin.storedEvents(id)).events as Record<string, unknown>[]).filter(
        (event) => event.source === 'agent' && event.kind === 'MessageEvent',
      ).length;
    const answeredBefore = await agentMessages();
    await service.admin.holdRunSlots(0);
    await notice.getByRole('button', { name: 'Resume agent' }).click();
    await expect.poll(agentMessages, { timeout: 20_000 }).toBe(answeredBefore + 1);
    await expect(box).toHaveValue('');
  });
});

test.describe('the hosted service’s conversations a day', () => {
  const KEY = 'hosted-api-key-quota-2b9';
  test.use({ serviceOptions: { server: 'hosted', pace: 0.02, apiKey: KEY } });

  test('a start beyond the day’s quota is refused in words that say when starting works again; nothing is started', async ({
    service,
    openExtensionPage,
  }) => {
    const panel = await configuredPanel(openExtensionPage, service, KEY, CONNECTED.hosted);
    await service.admin.setDailyConversationQuota(3, 3);
    const form = await submitNewConversation(panel, { message: 'Fix the flaky test' });
    const refusal = form.getByRole('alert');
    await expect(refusal).toContainText(
      'You have started the 3 conversations the hosted service allows you a day.',
    );
    // The next UTC midnight, in the person's own time.
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    const when = midnight.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    await expect(refusal).toContainText(`You can start more from ${when}`);
    // What was typed stays for later.
    await expect(form.getByLabel('First message')).toHaveValue('Fix the flaky test');
  });
});
