// `npm test`: every check a change must pass, in the order that fails fastest.
// Runs on a fresh machine: installs dependencies, a Chromium and a Firefox when they are missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureFirefox } from './ensure-firefox.mjs';

const steps = [];

function step(name, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n━━ ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  steps.push({ name, ok: result.status === 0, seconds });
  if (result.status !== 0) {
    summary();
    console.error(`\n✗ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}

function summary() {
  console.log('\n━━ summary');
  for (const s of steps) console.log(`${s.ok ? '✓' : '✗'} ${s.name} (${s.seconds} s)`);
}

if (!existsSync('node_modules/.bin/wxt')) {
  // Not `npm ci`: it rejects the lockfiles npm itself writes here (see .ci/run).
  step('install dependencies', 'npm', ['install', '--no-audit', '--no-fund']);
}
step('typecheck', 'npm', ['run', '--silent', 'typecheck']);
step('lint', 'npx', ['biome', 'check', '.']);
step('documentation references', 'node', ['scripts/check-doc-links.mjs']);
step('unit and contract tests', 'npx', ['vitest', 'run']);
step('build (chrome)', 'npx', ['wxt', 'build']);
step('build (firefox)', 'npx', ['wxt', 'build', '-b', 'firefox']);
step("Mozilla's add-on linter on the Firefox package", 'node', ['scripts/lint-firefox.mjs']);
step('build (chrome, end-to-end variant)', 'npx', ['wxt', 'build'], { HANDOFF_E2E: '1' });
// The earlier commit the update journey starts from (tests/e2e/update-baseline.json), built once
// per commit and kept; here rather than inside the run, where it would slow a browser beside it.
step("build (the update journey's baseline)", 'node', ['scripts/update-baseline.mjs']);
const chromium = ensureChromium();
step('end-to-end tests in Chromium', 'npx', ['playwright', 'test'], {
  CHROMIUM_PATH: chromium,
  HANDOFF_SKIP_BUILD: '1',
});
const firefox = ensureFirefox();
step(
  'end-to-end tests in Firefox',
  'npx',
  ['vitest', 'run', '--config', 'tests/firefox/vitest.config.ts'],
  { FIREFOX_PATH: firefox, HANDOFF_SKIP_BUILD: '1' },
);
summary();
