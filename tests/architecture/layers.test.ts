// Data flows one way: a page becomes a PageContext (lib/hosts), a request crosses to the worker
// (lib/messaging), which talks to the server (lib/api) and keeps streams (lib/stream) whose
// events reach the panels (components). Each layer may import only the layers below it; this
// reads every import in the tree and fails on one that runs the other way.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Our own folders each layer may import, besides itself and test support under tests/. */
const allowed: Record<string, readonly string[]> = {
  'lib/i18n': [],
  'lib/text': [],
  'lib/api': [],
  'lib/hosts': [],
  // Code hosts' APIs read directly (skills, pull status): beside lib/hosts, below the worker.
  'lib/codehosts': ['lib/hosts', 'lib/i18n', 'lib/text'],
  // What panels are told of followed pull requests comes from lib/codehosts (types only).
  'lib/messaging': ['lib/api', 'lib/codehosts', 'lib/hosts'],
  'lib/settings': ['lib/api'],
  'lib/servers': ['lib/api', 'lib/settings'],
  'lib/skills': ['lib/api', 'lib/codehosts', 'lib/hosts', 'lib/i18n'],
  'lib/stream': ['lib/api', 'lib/messaging'],
  'lib/timeline': ['lib/api', 'lib/i18n', 'lib/messaging', 'lib/stream'],
  'lib/content': ['lib/hosts', 'lib/messaging'],
  'lib/background': [
    'lib/api',
    'lib/codehosts',
    'lib/hosts',
    'lib/i18n',
    'lib/messaging',
    'lib/servers',
    'lib/settings',
    'lib/stream',
    'lib/text',
  ],
  components: [
    'lib/api',
    'lib/codehosts',
    'lib/hosts',
    'lib/i18n',
    'lib/messaging',
    'lib/servers',
    'lib/settings',
    'lib/skills',
    'lib/stream',
    'lib/timeline',
  ],
  'entrypoints/content': ['lib/content', 'lib/hosts'],
  'entrypoints/background': ['lib/background'],
  'entrypoints/pages': ['components', 'lib/messaging', 'lib/settings', 'lib/stream'],
};

/** Content scripts run on every code-host page: no package beyond WXT's own helpers. */
const contentScriptPackages = /^wxt\//;

function layerOf(path: string): string | null {
  if (/^entrypoints\/[^/]+\.content\.ts$/.test(path)) return 'entrypoints/content';
  if (path === 'entrypoints/background.ts') return 'entrypoints/background';
  if (path.startsWith('entrypoints/')) return 'entrypoints/pages';
  if (path.startsWith('components/')) return 'components';
  const lib = /^lib\/[^/]+/.exec(path);
  return lib ? lib[0] : null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

function importsOf(text: string): string[] {
  const specifiers: string[] = [];
  const pattern = /(?:\bfrom\s+|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) specifiers.push(match[1] as string);
  return specifiers;
}

/** A project path for an import, or the package name for anything from node_modules. */
function targetOf(file: string, specifier: string): { path: string } | { pkg: string } {
  if (specifier.startsWith('@/')) return { path: specifier.slice(2) };
  if (specifier.startsWith('.')) {
    return { path: relative(root, resolve(root, dirname(file), specifier)) };
  }
  return { pkg: specifier };
}

interface Violation {
  file: string;
  imports: string;
}

function violations(files: readonly { file: string; text: string }[]): Violation[] {
  const found: Violation[] = [];
  for (const { file, text } of files) {
    const layer = layerOf(file);
    if (!layer) continue;
    for (const specifier of importsOf(text)) {
      const target = targetOf(file, specifier);
      if ('pkg' in target) {
        // The detection code in lib/hosts is bundle-checked on its own (tests/bundle).
        const packagesRuled = layer === 'lib/content' && !file.includes('.test.');
        if (packagesRuled && !contentScriptPackages.test(target.pkg)) {
          found.push({ file, imports: target.pkg });
        }
        continue;
      }
      if (target.path.startsWith('tests/') && /\.test\.tsx?$|testing\//.test(file)) continue;
      const targetLayer = layerOf(target.path);
      if (targetLayer === layer) continue;
      if (targetLayer && allowed[layer]?.includes(targetLayer)) continue;
      found.push({ file, imports: target.path });
    }
  }
  return found;
}

const tree = ['lib', 'components', 'entrypoints']
  .flatMap(sourceFiles)
  .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

describe('layers', () => {
  it('no import runs from a lower layer to a higher one', () => {
    expect(violations(tree)).toEqual([]);
  });

  it('reads every folder of lib/ as a layer', () => {
    const folders = readdirSync(join(root, 'lib')).map((name) => `lib/${name}`);
    expect(folders.filter((folder) => !(folder in allowed))).toEqual([]);
  });

  it('catches an upward import, by alias or by relative path', () => {
    expect(
      violations([
        { file: 'lib/stream/example.ts', text: "import { hub } from '@/lib/background/hub';" },
        {
          file: 'components/sidepanel/Example.tsx',
          text: "import { x } from '../../lib/background/main';",
        },
        {
          file: 'lib/api/example.ts',
          text: "import type { Settings } from '@/lib/settings/schema';",
        },
        { file: 'lib/content/example.ts', text: "import * as z from 'zod/mini';" },
        { file: 'lib/timeline/example.ts', text: "import { order } from '../stream/order';" },
      ]),
    ).toEqual([
      { file: 'lib/stream/example.ts', imports: 'lib/background/hub' },
      { file: 'components/sidepanel/Example.tsx', imports: 'lib/background/main' },
      { file: 'lib/api/example.ts', imports: 'lib/settings/schema' },
      { file: 'lib/content/example.ts', imports: 'zod/mini' },
    ]);
  });
});
