// The content script imports lib/hosts/detect.ts directly and has a small gzipped budget: it
// must not pull in zod, and the detection code's size is watched here.

import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Gzipped bytes of the minified detection bundle; raise only with a reason in the commit. */
const DETECTION_BUDGET = 6_000;

describe('content-script detection bundle', () => {
  it('leaves zod out and stays within its budget', async () => {
    const result = await build({
      entryPoints: ['lib/hosts/detect.ts'],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((path) => path.includes('node_modules'))).toEqual([]);
    expect(inputs.some((path) => path.endsWith('page-context.ts'))).toBe(false);
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    const gzipped = gzipSync(code, { level: 9 }).length;
    console.info(`lib/hosts/detect.ts: ${code.length} B minified, ${gzipped} B gzipped`);
    expect(gzipped).toBeLessThan(DETECTION_BUDGET);
  });
});
