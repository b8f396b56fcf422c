import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
/** The end-to-end build: the product plus grants for the reserved example domains (wxt.config.ts). */
export const extensionDir = fileURLToPath(new URL('../../.output/e2e/chrome-mv3', import.meta.url));
export const fixturesDir = fileURLToPath(new URL('../fixtures', import.meta.url));
