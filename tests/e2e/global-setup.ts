import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { extensionDir } from './paths';

// Builds the extension once for the whole run; `npm test` has just built it and says so.
export default function globalSetup(): void {
  if (process.env.HANDOFF_SKIP_BUILD === '1' && existsSync(`${extensionDir}/manifest.json`)) return;
  const result = spawnSync('npx', ['wxt', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, HANDOFF_E2E: '1' },
  });
  if (result.status !== 0) throw new Error('wxt build failed: the extension cannot be tested');
}
