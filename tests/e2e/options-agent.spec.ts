import { expect, test } from './fixtures';

// The server's model and agent settings, shown read-only on the options page with a link to
// where the server changes them; a fresh install says what to do before anything can start.

for (const kind of [
  { title: 'on a V1-only server', server: 'v1' },
  { title: 'on a legacy server', server: 'legacy' },
] as const) {
  test.describe(kind.title, () => {
    test.use({ serviceOptions: { server: kind.server, pace: 0.02 } });

    test('shows the model new conversations use, whether its key is stored, and whether risky actions wait', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await connectToService();
      const page = await openExtensionPage('options.html#agent');
      const section = page.locator('#agent');
      await expect(section.locator('code')).toHaveText(/claude-sonnet-4-5/, { timeout: 20_000 });
      await expect(section).toContainText('Stored on the server');
      await expect(section).toContainText('The agent runs them without asking');
      // The model key itself is never shown.
      await expect(section).not.toContainText('sk-ant');
      await expect(
        section.getByRole('link', { name: 'Change these in the server’s settings' }),
      ).toHaveAttribute('href', `${service.url}/settings`);
    });

    test('a fresh install says a model must be chosen first', async ({
      service,
      connectToService,
      openExtensionPage,
    }) => {
      await service.admin.setSettings(null);
      await connectToService();
      const page = await openExtensionPage('options.html#agent');
      await expect(page.locator('#agent')).toContainText(
        'The server has no settings yet (a fresh install)',
        { timeout: 20_000 },
      );
    });
  });
}
