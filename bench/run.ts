import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Figure, Suite } from './types';

// Every module in bench/suites/ that exports a Suite is run, in file-name order, so a new
// figure is one new file. `npm run bench -- <name>` runs the suites whose name contains it.
async function loadSuites(): Promise<Suite[]> {
  const suites: Suite[] = [];
  const files = readdirSync(new URL('./suites/', import.meta.url))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  for (const file of files) {
    const module = (await import(`./suites/${file}`)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const suite = value as Partial<Suite>;
      if (suite && typeof suite.name === 'string' && typeof suite.run === 'function') {
        suites.push(suite as Suite);
      }
    }
  }
  return suites;
}

function format(value: number, unit: string): string {
  if (unit === 'B' && value >= 1024) return `${(value / 1024).toFixed(2)} KB`;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

const only = process.argv[2];
const results: Record<string, Figure[]> = {};
for (const suite of await loadSuites()) {
  if (only && !suite.name.includes(only)) continue;
  console.log(`\n▶ ${suite.name}`);
  try {
    results[suite.name] = await suite.run();
  } catch (error) {
    console.error(`✗ ${suite.name} failed:`, error);
    results[suite.name] = [
      { name: 'suite failed', value: Number.NaN, unit: '', note: String(error) },
    ];
  }
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
// A run of some suites replaces their figures and keeps the others', each suite with the time it
// was measured, so one suite can be measured again without losing the rest.
const path = 'bench/results.json';
interface Stored {
  measuredAt?: string;
  suitesMeasuredAt?: Record<string, string>;
  results?: Record<string, Figure[]>;
}
const previous: Stored = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Stored) : {};
const now = new Date().toISOString();
const suitesMeasuredAt: Record<string, string> = {};
for (const suite of Object.keys(previous.results ?? {})) {
  suitesMeasuredAt[suite] = previous.suitesMeasuredAt?.[suite] ?? previous.measuredAt ?? '';
}
for (const suite of Object.keys(results)) suitesMeasuredAt[suite] = now;
mkdirSync('bench', { recursive: true });
writeFileSync(
  path,
  `${JSON.stringify(
    { measuredAt: now, suitesMeasuredAt, results: { ...previous.results, ...results } },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${path}`);
