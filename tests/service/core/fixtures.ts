// The shared upstream fixtures, read at run time from ../shared/fixtures (relative to the project
// root) and never copied into the project.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** `<project root>/../shared/fixtures/`. */
export const fixturesRoot = fileURLToPath(new URL('../../../../shared/fixtures/', import.meta.url));

const cache = new Map<string, unknown>();

export function readFixture<T>(relativePath: string): T {
  if (!cache.has(relativePath)) {
    cache.set(relativePath, JSON.parse(readFileSync(`${fixturesRoot}${relativePath}`, 'utf8')));
  }
  // Callers get their own copy: fixtures are rewritten (ids, timestamps) before use.
  return structuredClone(cache.get(relativePath)) as T;
}

export type FixtureEvent = Record<string, unknown>;

export const v0Trajectories = {
  guiMode: 'upstream/v0_traj_basic_gui_mode.json',
  basic: 'upstream/v0_traj_basic.json',
  interactions: 'upstream/v0_traj_basic_interactions.json',
  wrongInitialState: 'upstream/v0_traj_wrong_initial_state.json',
} as const;

export const v1EventsFixture = 'v1-events/agent_server_events.json';
export const v1BaseStateFixture = 'upstream/v1_sdk_conversation_base_state.json';

export const openapiDocuments = {
  v0: 'upstream/v0_openapi_0.53.0.json',
  cloud: 'upstream/cloud_openapi.json',
  agent: 'upstream/agent_server_openapi.json',
} as const;
