// Makes sure a Firefox is available for the real-Firefox tests, installing Debian's firefox-esr
// when none is, and says what it did. Exits non-zero with a clear message when it cannot.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { findFirefox } from './firefox.mjs';

function run(command, args, timeoutMs = 10 * 60_000) {
  console.log(`[firefox] running: ${command} ${args.join(' ')}`);
  return spawnSync(command, args, { stdio: 'inherit', timeout: timeoutMs }).status === 0;
}

function isDebian() {
  try {
    return /debian/i.test(readFileSync('/etc/os-release', 'utf8'));
  } catch {
    return false;
  }
}

export function ensureFirefox() {
  const found = findFirefox();
  if (found) {
    console.log(`[firefox] using ${found.path} (${found.source})`);
    return found.path;
  }
  console.log('[firefox] no Firefox found (FIREFOX_PATH, /usr/bin/firefox-esr, /usr/bin/firefox)');
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && isDebian()) {
    // No recommends: the suite runs headless, so fonts and desktop integration are not needed.
    const installed =
      run('apt-get', ['update', '-qq']) &&
      run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'firefox-esr']);
    if (installed && existsSync('/usr/bin/firefox-esr')) {
      console.log('[firefox] installed Debian package firefox-esr at /usr/bin/firefox-esr');
      return '/usr/bin/firefox-esr';
    }
  }
  console.error(
    '[firefox] could not install a Firefox. Install one (Debian, as root: ' +
      '`apt-get install -y --no-install-recommends firefox-esr`) or set FIREFOX_PATH to a ' +
      'Firefox binary, then run the tests again.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureFirefox();
