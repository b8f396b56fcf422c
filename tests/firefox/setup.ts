import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { type RunningService, type ServiceOptions, startService } from '../service/index';
import type { ServerKind } from '../service/options';
import { storeConnection } from '../shared/extension-state';
import { Firefox, type InstallOptions, type LaunchOptions } from './harness';
import { serviceOptionsFor } from './kinds';

/**
 * One Firefox for the file; before each test the add-on is installed afresh and every tab but
 * one closed; after each test, any error thrown by extension code fails it.
 */
export function useFirefox(
  options: LaunchOptions & { install?: InstallOptions } = {},
): () => Firefox {
  let firefox: Firefox | undefined;
  beforeAll(async () => {
    firefox = await Firefox.launch(options);
  });
  beforeEach(async () => {
    if (!firefox) throw new Error('Firefox did not start');
    await firefox.closePagesButOne();
    await firefox.installFresh(options.install);
  });
  afterEach(async () => {
    if (!firefox) return;
    // Errors of a test's last steps reach stderr a moment after the steps.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(firefox.takeExtensionErrors(), 'errors thrown by extension code').toEqual([]);
  });
  afterAll(async () => {
    if (!firefox) return;
    // The last test's pages closing and the add-on going away can still throw.
    await firefox.closePagesButOne();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const late = firefox.takeExtensionErrors();
    await firefox.close();
    expect(late, 'errors thrown by extension code after the last test').toEqual([]);
  });
  return () => {
    if (!firefox) throw new Error('Firefox did not start');
    return firefox;
  };
}

/** A fresh reference service of this kind for each test. */
export function useService(kind: ServerKind, extra: ServiceOptions = {}): () => RunningService {
  let service: RunningService | undefined;
  beforeEach(async () => {
    service = await startService({ port: 0, ...serviceOptionsFor(kind, extra) });
  });
  afterEach(async () => {
    await service?.stop();
    service = undefined;
  });
  return () => {
    if (!service) throw new Error('the service did not start');
    return service;
  };
}

/**
 * Points the add-on at the service the way the options page saves it (address in storage.local,
 * key in the extension origin's IndexedDB), from an extension page that is then closed.
 */
export async function connect(
  firefox: Firefox,
  service: RunningService,
  apiKey: string | null = service.apiKey,
): Promise<void> {
  const page = await firefox.openExtensionPage('options.html');
  await page.evaluate(storeConnection, { serverUrl: service.url, apiKey });
  await page.close();
}
