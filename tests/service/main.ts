// `npm run service -- [flags]`: runs the local reference service until interrupted.

import { startService } from './index';
import { parseArgs, usage } from './options';

async function main(): Promise<void> {
  let options: ReturnType<typeof parseArgs>;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(usage);
    return;
  }
  let running: Awaited<ReturnType<typeof startService>>;
  try {
    running = await startService(options);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const key = running.apiKey ? ` (key: ${running.apiKey})` : '';
  console.log(`Local reference service on ${running.url}${key}`);
  const kind = running.service.options.server;
  if (kind === 'agent') {
    const release = running.service.v1.agent.release;
    console.log(`  an agent server alone (agent server ${release.version}), no app server`);
  } else {
    const runtime = kind === 'legacy' ? `, V0 runtime: ${running.service.options.runtime}` : '';
    console.log(`  server kind: ${kind}${runtime}`);
  }
  if (running.service.hostedAuth) {
    console.log(
      `  browser session cookie: keycloak_auth=${running.service.hostedAuth.sessionToken}`,
    );
  }
  console.log(`  admin: ${running.url}/__admin/state`);
  for (const [id, url] of Object.entries((await running.admin.state()).agent_servers)) {
    console.log(`  agent server of sandbox ${id}: ${url}`);
  }
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

void main();
