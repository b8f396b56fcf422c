// The content script imports lib/hosts/detect.ts directly and has a small gzipped budget: it
// must not pull in zod, and the detection code's size is watched here.

import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** Gzipped bytes of the minified detection bundle; raise only with a reason in the commit. */
const DETECTION_BUDGET = 6_000;
/** The same for a content script that bundles one host software's adapter only. */
const SINGLE_PROVIDER_BUDGET = 3_500;

async function bundle(entry: { path: string } | { contents: string }) {
  const result = await build({
    ...('path' in entry
      ? { entryPoints: [entry.path] }
      : { stdin: { contents: entry.contents, resolveDir: process.cwd(), loader: 'ts' as const } }),
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return {
    inputs: Object.keys(result.metafile.inputs),
    minified: code.length,
    gzipped: gzipSync(code, { level: 9 }).length,
  };
}

describe('content-script detection bundle', () => {
  it('leaves zod out and stays within its budget', async () => {
    const { inputs, minified, gzipped } = await bundle({ path: 'lib/hosts/detect.ts' });
    expect(inputs.filter((path) => path.includes('node_modules'))).toEqual([]);
    expect(inputs.some((path) => path.endsWith('page-context.ts'))).toBe(false);
    console.info(`lib/hosts/detect.ts: ${minified} B minified, ${gzipped} B gzipped`);
    expect(gzipped).toBeLessThan(DETECTION_BUDGET);
  });

  it.each(['github', 'gitlab', 'bitbucket'])(
    'can bundle the %s adapter alone',
    async (provider) => {
      const { inputs, gzipped } = await bundle({
        contents: `export { createHostDetection } from './lib/hosts/runtime';
        export { ${provider}Adapter } from './lib/hosts/${provider}';`,
      });
      const others = ['github', 'gitlab', 'bitbucket'].filter((p) => p !== provider);
      expect(inputs.filter((path) => others.some((p) => path.includes(`hosts/${p}/`)))).toEqual([]);
      console.info(`${provider} adapter alone: ${gzipped} B gzipped`);
      expect(gzipped).toBeLessThan(SINGLE_PROVIDER_BUDGET);
    },
  );
});
