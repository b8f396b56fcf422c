import { hostedOrgs } from '../service/routes/hosted';
import { expect, test } from './fixtures';
import { readStoredSettings } from './support/trusted-settings';

// The hosted service: a key whose user belongs to several organisations picks the one Handoff
// acts in; self-hosted servers have no such thing and show no section for it.

const acme = hostedOrgs.find((org) => !org.personal) as (typeof hostedOrgs)[number];

test.describe('the hosted service', () => {
  test.use({ serviceOptions: { server: 'hosted', pace: 0.02, apiKey: 'hosted-key-orgs-5c1e' } });

  test('lists the key’s organisations, keeps the one picked, and can go back to the default', async ({
    connectToService,
    openExtensionPage,
  }) => {
    await connectToService();
    const page = await openExtensionPage('options.html#organization');
    const section = page.locator('#organization');
    await expect(page.getByRole('link', { name: 'Organisation' })).toBeVisible();
    const pick = section.getByRole('combobox', { name: 'Act in' });
    await expect(pick).toBeVisible({ timeout: 20_000 });
    // The key's default is the user's own organisation, said in words.
    await expect(pick.locator('option').first()).toHaveText(
      /^The key’s default \(.+ \(personal\)\)$/,
    );
    await expect(pick.locator('option')).toHaveCount(hostedOrgs.length + 1);

    await pick.selectOption({ label: acme.name });
    await expect(section.getByText(`Handoff now acts in ${acme.name}.`)).toBeVisible();
    await expect.poll(async () => (await readStoredSettings(page)).organizationId).toBe(acme.id);
    await page.reload();
    await expect(section.getByRole('combobox', { name: 'Act in' })).toHaveValue(acme.id);

    await section.getByRole('combobox', { name: 'Act in' }).selectOption('');
    await expect(
      section.getByText('Handoff now acts in the key’s default organisation.'),
    ).toBeVisible();
    await expect.poll(async () => (await readStoredSettings(page)).organizationId).toBeNull();
  });
});

test('a self-hosted server has no organisation section', async ({
  connectToService,
  openExtensionPage,
}) => {
  await connectToService();
  const page = await openExtensionPage('options.html');
  await expect(page.getByRole('heading', { name: 'Server', exact: true })).toBeVisible();
  await expect(page.locator('#organization')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Organisation' })).toHaveCount(0);
});
