// `npm run bench`: build, then measure every figure the issues budget. Prints a table and writes
// bench/results.json. Figures are measured, never asserted: these machines are shared and noisy.
import { spawnSync } from 'node:child_process';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['wxt', 'build']);
// The end-to-end build too, for the suites that need the worker's test hooks (bench/browser.ts
// `e2eBuild`), in a folder of its own: a bench never replaces the build an end-to-end run uses.
run('npx', ['wxt', 'build'], { HANDOFF_E2E: '1', HANDOFF_OUT_DIR: '.output/bench-e2e' });
run('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)]);
