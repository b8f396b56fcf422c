import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { firefoxExtensionDir } from './paths';

// Builds the Firefox add-on once for the whole run; `npm test` has just built it and says so.
export default function globalSetup(): void {
  if (process.env.HANDOFF_SKIP_BUILD === '1' && existsSync(`${firefoxExtensionDir}/manifest.json`))
    return;
  if (process.env.HANDOFF_FIREFOX_DIR) return;
  // Vitest sets NODE_ENV=test in this process, and a build that inherits it bundles React's
  // development build: the product is built for production.
  const result = spawnSync('npx', ['wxt', 'build', '-b', 'firefox'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('wxt build -b firefox failed: nothing to test');
}
