// Older names of V1 action and observation kinds, mapped to the current ones. SDK ≤ 1.1 (and
// the Nov-2025 web UI) say `ExecuteBash*`; older builds said `StrReplaceEditor*`. Plain data
// without zod: both `parseEvent` and the worker's `readEventEnvelope` map names with it, and
// the worker's bundle must not pull in the event schemas.
import type { V1ActionKind, V1ObservationKind } from './events';

export const v1LegacyActionKinds: Readonly<Record<string, V1ActionKind>> = {
  ExecuteBashAction: 'TerminalAction',
  StrReplaceEditorAction: 'FileEditorAction',
};

export const v1LegacyObservationKinds: Readonly<Record<string, V1ObservationKind>> = {
  ExecuteBashObservation: 'TerminalObservation',
  StrReplaceEditorObservation: 'FileEditorObservation',
};
