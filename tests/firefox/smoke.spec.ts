import { describe, expect, it } from 'vitest';
import { serviceKinds } from './kinds';
import { connect, useFirefox, useService } from './setup';

describe.each(serviceKinds)('smoke on %s', (kind) => {
  const firefox = useFirefox();
  const service = useService(kind);
  it('opens the options page and stores a connection', async () => {
    await connect(firefox(), service());
    const page = await firefox().openExtensionPage('options.html');
    const value = await page.evaluate(
      async () => (await browser.storage.local.get(null)) as unknown,
    );
    expect(JSON.stringify(value)).toContain(service().url);
  });
});
