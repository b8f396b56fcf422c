// Test data lives in ../shared (read in place, never copied into the project).
import { readFileSync } from 'node:fs';

/** `<project root>/../shared/`, resolved from this file (tests/support/). */
export const sharedDir = new URL('../../../shared/', import.meta.url);

export function readShared(relativePath: string): string {
  return readFileSync(new URL(relativePath, sharedDir), 'utf8');
}

export function readSharedJson<T = unknown>(relativePath: string): T {
  return JSON.parse(readShared(relativePath)) as T;
}

export const v0TrajectoryNames = [
  'v0_traj_basic.json',
  'v0_traj_basic_gui_mode.json',
  'v0_traj_basic_interactions.json',
  'v0_traj_wrong_initial_state.json',
] as const;

export function v0Trajectory(name: (typeof v0TrajectoryNames)[number]): Record<string, unknown>[] {
  return readSharedJson(`fixtures/upstream/${name}`);
}

export function v1Frames(): Record<string, unknown>[] {
  return readSharedJson('fixtures/v1-events/agent_server_events.json');
}
