// `npm start`: everything needed to try Handoff on this machine, in one command.
// Installs dependencies when missing, builds the extension, starts the local reference
// service, and opens Chromium with the extension loaded and pointed at that service.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const port = Number(process.env.HANDOFF_SERVICE_PORT ?? 3000);
const serviceUrl = `http://127.0.0.1:${port}`;
const extensionDir = resolve('.output/chrome-mv3');

function must(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

async function waitForService(timeoutMs = 30_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${serviceUrl}/alive`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the reference service did not answer on ${serviceUrl}/alive`);
}

function hasDisplay() {
  if (process.platform === 'darwin' || process.platform === 'win32') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

if (!existsSync('node_modules/.bin/wxt')) {
  console.log('▶ installing dependencies (first run)');
  // Not `npm ci`: it rejects the lockfiles npm itself writes here (see .ci/run).
  must('npm', ['install', '--no-audit', '--no-fund']);
}
console.log('▶ building the extension');
must('npx', ['wxt', 'build']);

console.log(`▶ starting the local reference service on ${serviceUrl}`);
// The service's default kind: a current, V1-only OpenHands server, what people run today.
const serviceArgs = ['tsx', 'tests/service/main.ts', '--port', String(port)];
const service = spawn('npx', serviceArgs, { stdio: 'inherit' });
const stopService = () => {
  if (!service.killed) service.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stopService();
  process.exit(0);
});
process.on('exit', stopService);
service.on('exit', (code) => {
  console.error(`the reference service stopped (exit code ${code})`);
  process.exit(code ?? 1);
});
await waitForService();

if (!hasDisplay()) {
  console.log(`
This machine has no display, so no browser window can open here.
The reference service keeps running on ${serviceUrl} (Ctrl-C stops it).

To use Handoff from a browser on a machine with a display:
  1. Open chrome://extensions in Chromium (or Chrome), turn on "Developer mode".
  2. "Load unpacked" and choose ${extensionDir}
  3. Open Handoff's options (right-click the toolbar icon → Options), set
     Server URL to ${serviceUrl}, click Save, then Test connection.
`);
} else {
  console.log('▶ opening Chromium with Handoff loaded');
  const browser = spawn('npx', ['tsx', 'scripts/open-browser.ts', serviceUrl, extensionDir], {
    stdio: 'inherit',
  });
  browser.on('exit', () => {
    console.log('Chromium closed; stopping the reference service.');
    stopService();
    process.exit(0);
  });
}
