// Makes sure a Chromium is available for the end-to-end tests, installing one when none is,
// and says what it did. Exits non-zero with a clear message when it cannot.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { findChromium } from './chromium.mjs';

function run(command, args, timeoutMs = 10 * 60_000) {
  console.log(`[chromium] running: ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', timeout: timeoutMs }).status === 0;
}

function isDebian() {
  try {
    return /debian/i.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

export function ensureChromium() {
  const found = findChromium();
  if (found) {
    console.log(`[chromium] using ${found.path} (${found.source})`);
    return found.path;
  }
  console.log(
    '[chromium] no Chromium found (CHROMIUM_PATH, Playwright browser, /usr/bin/chromium)',
  );
  if (run('npx', ['--no-install', 'playwright', 'install', 'chromium'], 3 * 60_000)) {
    const afterDownload = findChromium();
    if (afterDownload) {
      console.log(`[chromium] installed Playwright's Chromium at ${afterDownload.path}`);
      return afterDownload.path;
    }
  }
  console.log("[chromium] Playwright's download is not available here");
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && isDebian()) {
    const installed =
      run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium']);
    if (installed && existsSync('/usr/bin/chromium')) {
      console.log('[chromium] installed Debian package chromium at /usr/bin/chromium');
      return '/usr/bin/chromium';
    }
  }
  console.error(
    '[chromium] could not install a Chromium. Install one (Debian: `apt-get install -y chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium binary, then run the tests again.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
