// Finds a Chromium that can load unpacked extensions. Shared by the test runner, `npm start`
// and the Playwright fixtures so that all three agree on which browser they use.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Candidate paths in order of preference, each with where it came from. */
export function chromiumCandidates() {
  const candidates = [];
  if (process.env.CHROMIUM_PATH) {
    candidates.push({ path: process.env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' });
  }
  try {
    const { chromium } = require('playwright-core');
    candidates.push({ path: chromium.executablePath(), source: "Playwright's own Chromium" });
  } catch {
    // playwright-core not installed yet: fall through to the system browser.
  }
  candidates.push({ path: '/usr/bin/chromium', source: 'Debian chromium package' });
  return candidates;
}

/** @returns {{path: string, source: string} | null} */
export function findChromium() {
  for (const candidate of chromiumCandidates()) {
    if (candidate.path && existsSync(candidate.path)) return candidate;
  }
  return null;
}
