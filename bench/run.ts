import { mkdirSync, writeFileSync } from 'node:fs';
import { bundleSize } from './suites/bundle-size';
import type { Figure, Suite } from './types';

const suites: Suite[] = [bundleSize];

function format(value: number, unit: string): string {
  if (unit === 'B' && value >= 1024) return `${(value / 1024).toFixed(2)} KB`;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

const only = process.argv[2];
const results: Record<string, Figure[]> = {};
for (const suite of suites) {
  if (only && !suite.name.includes(only)) continue;
  console.log(`\n▶ ${suite.name}`);
  results[suite.name] = await suite.run();
}

const rows = Object.entries(results).flatMap(([suite, figures]) =>
  figures.map((f) => ({
    suite,
    figure: f.name,
    measured: format(f.value, f.unit),
    budget: f.budget === undefined ? '' : format(f.budget, f.unit),
    within: f.budget === undefined ? '' : f.value <= f.budget ? 'yes' : 'NO',
    note: f.note ?? '',
  })),
);
console.table(rows);
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/results.json',
  `${JSON.stringify({ measuredAt: new Date().toISOString(), results }, null, 2)}\n`,
);
console.log('wrote bench/results.json');
