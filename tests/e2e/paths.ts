import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
export const extensionDir = fileURLToPath(new URL('../../.output/chrome-mv3', import.meta.url));
export const fixturesDir = fileURLToPath(new URL('../fixtures', import.meta.url));
