// `npm run bench`: build, then measure every figure the issues budget. Prints a table and writes
// bench/results.json. Figures are measured, never asserted: these machines are shared and noisy.
import { spawnSync } from 'node:child_process';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['wxt', 'build']);
run('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)]);
