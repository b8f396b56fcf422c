import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Transport } from '@/lib/api/transport';
import { workerCaller } from './worker-endpoints';

/** Every endpoint name the worker's stream code asks its caller for, read from its source. */
function namesCalledBy(folder: URL): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(folder)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(new URL(file, folder), 'utf8');
    for (const match of source.matchAll(/\.call\(\s*'([a-z0-9]+\.[A-Za-z]+)'/g)) {
      names.add(match[1] as string);
    }
  }
  return [...names].sort();
}

describe('the worker’s own endpoints', () => {
  it('include every call the live streams make (the worker refuses any other)', async () => {
    const names = namesCalledBy(new URL('../stream/', import.meta.url));
    expect(names).toContain('agent.countEvents');
    const sent: string[] = [];
    const transport = {
      send: async (name: string) => {
        sent.push(name);
        return { value: null };
      },
    } as unknown as Transport;
    const caller = workerCaller(transport);
    for (const name of names) await caller.call(name, {});
    expect(sent).toEqual(names);
  });
});
