import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The Firefox build under test: the product build itself, not an end-to-end variant. Firefox can
 * be told to grant optional permissions without a prompt (a pref), so no test-only grants are
 * needed. HANDOFF_FIREFOX_DIR points at another unpacked build (the MV3 one, to compare).
 */
export const firefoxExtensionDir =
  process.env.HANDOFF_FIREFOX_DIR ??
  fileURLToPath(
    new URL(`../../${process.env.HANDOFF_OUT_DIR ?? '.output'}/firefox-mv2`, import.meta.url),
  );

export interface FirefoxManifest {
  manifest_version: number;
  browser_specific_settings: { gecko: { id: string; strict_min_version?: string } };
}

export function readManifest(dir = firefoxExtensionDir): FirefoxManifest {
  return JSON.parse(readFileSync(`${dir}/manifest.json`, 'utf8')) as FirefoxManifest;
}
