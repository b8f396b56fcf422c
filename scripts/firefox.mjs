// Finds a Firefox for the real-Firefox tests. Shared by the test runner and the Firefox harness so
// that both agree on which browser they use. Debian's firefox-esr is the one the suite is proven
// on: its Remote Agent speaks WebDriver BiDi, so no driver binary and no browser download is needed.
import { existsSync } from 'node:fs';

/** Candidate paths in order of preference, each with where it came from. */
export function firefoxCandidates() {
  const candidates = [];
  if (process.env.FIREFOX_PATH) {
    candidates.push({ path: process.env.FIREFOX_PATH, source: 'FIREFOX_PATH' });
  }
  candidates.push({ path: '/usr/bin/firefox-esr', source: 'Debian firefox-esr package' });
  candidates.push({ path: '/usr/bin/firefox', source: 'system firefox' });
  return candidates;
}

/** @returns {{path: string, source: string} | null} */
export function findFirefox() {
  for (const candidate of firefoxCandidates()) {
    if (candidate.path && existsSync(candidate.path)) return candidate;
  }
  return null;
}
