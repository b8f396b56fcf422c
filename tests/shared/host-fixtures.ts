// The code-host fixture pages (tests/fixtures/hosts) as HTML to serve at their real URLs, shared
// by the Chromium and Firefox suites.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type HostFixture, hostFixtures } from '../fixtures/hosts/index';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export function fixtureHtml(fixture: Pick<HostFixture, 'file'>): string {
  return readFileSync(`${projectRoot}/${fixture.file}`, 'utf8');
}

export function fixtureNamed(name: string): HostFixture {
  const found = hostFixtures.find((f) => f.name === name);
  if (!found) throw new Error(`no fixture named ${name}`);
  return found;
}

/** Each fixture's HTML by its exact URL, for a router that answers those URLs. */
export function fixturePagesByUrl(
  fixtures: readonly Pick<HostFixture, 'url' | 'file'>[] = hostFixtures,
): Map<string, string> {
  return new Map(fixtures.map((f) => [f.url, fixtureHtml(f)]));
}
