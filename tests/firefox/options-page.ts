import type { Page } from 'puppeteer-core';
import type { Firefox } from './harness';
import { click, fill, find, label, text } from './ui';

/** Stores a git provider token the way a person does, on the options page. */
export async function storeToken(
  firefox: Firefox,
  provider: 'github' | 'gitlab' | 'bitbucket',
  token: string,
  host = '',
): Promise<Page> {
  const page = await firefox.openExtensionPage('options.html#git-providers');
  await (await find(page, label('Provider'))).select(provider);
  if (host) await fill(page, label('Host'), host);
  await fill(page, label('Token'), token);
  await click(page, text('Store token'));
  return page;
}
