import { expect, it } from 'vitest';
import { cachedOrdersInPage, latestSnapshotInPage, watchInPage } from '../shared/stream-probe';
import { connect, useFirefox, useService } from './setup';
const firefox = useFirefox();
const service = useService('legacy', { eventsPerSecond: 50 });
it('reload and crash', async () => {
  const ff = firefox();
  await connect(ff, service());
  const r = await fetch(`${service().url}/api/conversations`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ initial_user_msg: '[scenario:long] go' }) });
  const id = ((await r.json()) as { conversation_id: string }).conversation_id;
  const page = await ff.openExtensionPage('options.html');
  await page.evaluate(watchInPage, { conversationId: id, generation: 'v0' });
  await new Promise((res) => setTimeout(res, 2000));
  const boot = () => page.evaluate(async () => ((await browser.runtime.sendMessage({ type: 'ping' })) as { bootedAt: number }).bootedAt);
  console.log('boot before', await boot(), (await page.evaluate(cachedOrdersInPage, id)).length);
  const t = Date.now();
  await page.evaluate(() => { (browser.extension.getBackgroundPage() as unknown as Window)?.location.reload(); });
  await new Promise((res) => setTimeout(res, 1500));
  console.log('boot after reload', await boot(), Date.now() - t, (await page.evaluate(cachedOrdersInPage, id)).length, JSON.stringify(await page.evaluate(latestSnapshotInPage)));
  const procs = await ff.privileged(() => ChromeUtils.requestProcInfo().then((info: { children: { type: string; pid: number }[] }) => info.children.map((c) => `${c.type}:${c.pid}`)), null);
  console.log(procs);
  const pid = Number(procs.find((p: string) => p.startsWith('extension:'))?.split(':')[1]);
  process.kill(pid, 'SIGKILL');
  const states: string[] = [];
  for (let i = 0; i < 10; i++) { await new Promise((res) => setTimeout(res, 500)); states.push(await ff.backgroundState()); }
  console.log('after kill', states.join(' '));
  const p2 = await ff.openExtensionPage('icon/16.png');
  for (let i = 0; i < 5; i++) { await new Promise((res) => setTimeout(res, 1000)); console.log('cache', (await p2.evaluate(cachedOrdersInPage, id)).length, (await service().admin.storedEvents(id)).events.length, await ff.backgroundState()); }
  console.log(ff.output.slice(-15).join('\n'));
  expect(1).toBe(1);
}, 120_000);
declare const ChromeUtils: { requestProcInfo(): Promise<{ children: { type: string; pid: number }[] }> };
