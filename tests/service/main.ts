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
  const running = await startService(options);
  const key = running.apiKey ? ` (key: ${running.apiKey})` : '';
  console.log(`Local reference service on ${running.url}${key}`);
  if (options.server === 'agent') {
    const release = running.service.v1.agent.release;
    console.log(`  an agent server alone (agent server ${release.version}), no app server`);
  } else {
    console.log(
      `  mode: ${options.hosted ? 'hosted' : 'self-hosted'}, V0 runtime: ${options.runtime ?? 'nested'}`,
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
