// The background worker has 64 KB gzipped for its whole bundle, the V0 socket and the
// polyfill included, so it takes only the request half of lib/api: the raw client, the
// request table and the zod-free event reader. This bundles such an entry the way a worker
// build would and checks what ends up in it: no classic zod (which would also drag in every
// zod locale), and none of the response or event schemas. Sizes are logged for the record.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Bundle {
  gzipBytes: number;
  /** Every module esbuild read, relative to the project root. */
  inputs: string[];
  /** Modules that contributed code to the output. */
  contributing: string[];
  text: string;
}

async function bundle(entry: string): Promise<Bundle> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, sourcefile: 'worker-like-entry.ts', loader: 'ts' },
    absWorkingDir: root,
    bundle: true,
    minify: true,
    treeShaking: true,
    platform: 'browser',
    format: 'esm',
    alias: { '@': root },
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  const [built] = Object.values((result.metafile as Metafile).outputs);
  if (!output || !built) throw new Error('esbuild produced no output');
  return {
    gzipBytes: gzipSync(output.contents, { level: 9 }).length,
    inputs: Object.keys(result.metafile?.inputs ?? {}),
    contributing: Object.entries(built.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path),
    text: output.text,
  };
}

const workerEntry = `
  import { readEventEnvelope } from '@/lib/api/envelope';
  import { endpointRequests, isEndpointName } from '@/lib/api/endpoints/requests';
  import { createRawClient } from '@/lib/api/raw-client';
  export { createRawClient, endpointRequests, isEndpointName, readEventEnvelope };
`;

/** Modules that hold response or event schemas, or pull them in. */
const pageOnlyModules = [
  'lib/api/index.ts',
  'lib/api/client.ts',
  'lib/api/detect.ts',
  'lib/api/events.ts',
  'lib/api/v0/events.ts',
  'lib/api/v1/events.ts',
  'lib/api/v0/models.ts',
  'lib/api/v1/models.ts',
  'lib/api/endpoints/index.ts',
  'lib/api/endpoints/responses.ts',
  'lib/api/endpoints/v0-responses.ts',
  'lib/api/endpoints/v1-responses.ts',
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the worker-like entry (raw client, request table, event envelope)', () => {
  it('bundles without classic zod and without any response or event schema', async () => {
    const worker = await bundle(workerEntry);
    console.info(`worker-like lib/api entry: ${kb(worker.gzipBytes)} gzipped (esbuild, minified)`);

    expect(worker.inputs.filter((path) => path.includes('zod/v4/classic'))).toEqual([]);
    expect(worker.inputs.filter((path) => path.endsWith('node_modules/zod/index.js'))).toEqual([]);
    // Classic zod registers English and esbuild then keeps every locale; zod/mini plus
    // lib/api/zod-english keeps English only.
    // Compared from the package on, wherever node_modules is (a linked one shows as ../…).
    expect(
      worker.contributing
        .filter((path) => path.includes('zod/v4/locales/'))
        .map((path) => path.slice(path.indexOf('zod/v4/'))),
    ).toEqual(['zod/v4/locales/en.js']);
    expect(worker.inputs.filter((path) => pageOnlyModules.includes(path))).toEqual([]);
    // Field names only response schemas know: a tripwire should a schema arrive another way.
    for (const responseField of ['sub_conversation_ids', 'PROVIDERS_CONFIGURED', 'llm_message']) {
      expect(worker.text).not.toContain(responseField);
    }
    // About 21.5 KB with zod 4.6: zod/mini for the request schemas' types ~9.8 KB, its English
    // messages ~1.1 KB, the rest is lib/api's own request tables, transport and error texts.
    // The ceiling only catches regressions; what matters is the worker's 64 KB in total. The
    // real worker takes none of the page-facing table (the skills and file routes pages ask an
    // agent server alone about, 2026-11, are not in background.js); this entry holds all of it.
    // 24.6 KB by 2026-11-28: agent servers' limits in words and their repository search.
    expect(worker.gzipBytes).toBeLessThan(26 * 1024);
  });

  it('is a real saving: all of lib/api is much larger and does hold the schemas', async () => {
    const full = await bundle(`export * from '@/lib/api';`);
    const worker = await bundle(workerEntry);
    console.info(`all of lib/api: ${kb(full.gzipBytes)} gzipped (esbuild, minified)`);
    expect(full.inputs).toEqual(expect.arrayContaining(pageOnlyModules));
    expect(full.inputs.filter((path) => path.includes('zod/v4/classic'))).toEqual([]);
    expect(worker.gzipBytes).toBeLessThan(full.gzipBytes * 0.75);
  });
});

describe("the worker's check of a page's address (lib/background/sender-context.ts)", () => {
  it('takes the URL parsers of lib/hosts without document readers or selector tables', async () => {
    const check = await bundle(
      `export { verifiedContext } from '@/lib/background/sender-context';`,
    );
    console.info(`sender check with URL detection: ${kb(check.gzipBytes)} gzipped (esbuild)`);
    expect(check.inputs).toEqual(
      expect.arrayContaining([
        'lib/hosts/github/url.ts',
        'lib/hosts/gitlab/url.ts',
        'lib/hosts/bitbucket/url.ts',
      ]),
    );
    const documentSide = check.inputs.filter((path) =>
      /^lib\/hosts\/(?:document|detect|index|runtime|.*\/(?:anchors|detect|index))\.ts$/.test(path),
    );
    expect(documentSide).toEqual([]);
    expect(check.text).not.toContain('querySelector');
  });
});

describe("the worker's zod", () => {
  it('leaves out the schema kinds the worker was rid of to stay within its budget', async () => {
    const worker = await bundle(`export { startBackground } from '@/lib/background/main';`);
    const kinds = new Set(worker.text.match(/\$Zod\w+/g));
    expect(kinds.has('$ZodObject')).toBe(true);
    // Each had one or a few uses in the worker, now written with kinds it bundles anyway: a
    // record as an object with a catch-all, a URL and a GUID as checks, a null as a literal,
    // discriminated unions as plain unions of objects with literal tags.
    for (const gone of [
      '$ZodRecord',
      '$ZodURL',
      '$ZodGUID',
      '$ZodNull',
      '$ZodDiscriminatedUnion',
    ]) {
      expect(kinds.has(gone), gone).toBe(false);
    }
  });
});
