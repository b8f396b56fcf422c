import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
/**
 * The end-to-end build: the product plus grants for the reserved example domains (wxt.config.ts).
 * HANDOFF_OUT_DIR (relative to the project root) keeps separate runs from sharing one build.
 */
export const extensionDir = fileURLToPath(
  new URL(`../../${process.env.HANDOFF_OUT_DIR ?? '.output/e2e'}/chrome-mv3`, import.meta.url),
);
export const fixturesDir = fileURLToPath(new URL('../fixtures', import.meta.url));
