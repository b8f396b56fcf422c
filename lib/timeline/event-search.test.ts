import { describe, expect, it } from 'vitest';
import { parseEvent } from '@/lib/api';
import { classNamesOf } from '@/lib/timeline/event-classes';
import { eventMatches, isEmptyFilter, parseTypeList } from '@/lib/timeline/event-search';
import { asciiLower, pythonJsonDumps } from '@/lib/timeline/python-json';

// The semantics under test are upstream's `EventFilter.include` (openhands/events/event_filter.py).

const command = parseEvent({
  id: 7,
  timestamp: '2025-01-20T10:15:30.123456',
  source: 'agent',
  message: 'Running command: npm test',
  action: 'run',
  args: { command: 'npm test', thought: 'Run the Café suite', hidden: false },
});
const hiddenCommand = parseEvent({
  id: 8,
  timestamp: '2025-01-20T10:15:31',
  source: 'agent',
  action: 'run',
  args: { command: 'git config user.name', hidden: true },
});
const hiddenOutput = parseEvent({
  id: 9,
  timestamp: '2025-01-20T10:15:32',
  source: 'agent',
  observation: 'run',
  cause: 8,
  content: '',
  extras: { command: 'git config user.name', hidden: true, metadata: { exit_code: 0 } },
});
const message = parseEvent({
  id: 10,
  timestamp: '2025-01-20T23:59:59',
  source: 'user',
  message: 'Please fix the parser',
  action: 'message',
  args: { content: 'Please fix the parser', image_urls: [] },
});
const stateChange = parseEvent({
  id: 11,
  source: 'environment',
  observation: 'agent_state_changed',
  content: '',
  extras: { agent_state: 'running' },
});
const v1Action = parseEvent({
  kind: 'ActionEvent',
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  timestamp: '2025-01-21T08:00:00',
  source: 'agent',
  tool_name: 'terminal',
  action: { kind: 'TerminalAction', command: 'pytest -q' },
});
const v1Reject = parseEvent({
  kind: 'UserRejectObservation',
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  timestamp: '2025-01-21T08:00:01',
  source: 'environment',
  action_id: 'aaaaaaaa-0000-4000-8000-000000000001',
  rejection_reason: 'Not now',
});

describe('pythonJsonDumps', () => {
  it('writes what Python’s json.dumps writes (separators, ensure_ascii, escapes)', () => {
    // Expected text produced by CPython 3: json.dumps({...}) of the same value.
    const value = {
      id: 3,
      message: 'Café ☕ "quoted"\n\ttab\u0001',
      extras: { list: [1, true, null], empty: {}, e: [] },
      emoji: '😀',
      del: '\u007f',
    };
    expect(pythonJsonDumps(value)).toBe(
      '{"id": 3, "message": "Caf\\u00e9 \\u2615 \\"quoted\\"\\n\\ttab\\u0001", "extras": {"list": [1, true, null], "empty": {}, "e": []}, "emoji": "\\ud83d\\ude00", "del": "\\u007f"}',
    );
  });

  it('lower-cases only ASCII letters, as str.lower() does on that text', () => {
    expect(asciiLower('ABC \\u00C9')).toBe('abc \\u00c9');
  });
});

describe('query', () => {
  it('matches any value, case-insensitively', () => {
    expect(eventMatches(command, { query: 'NPM TEST' })).toBe(true);
    expect(eventMatches(message, { query: 'npm test' })).toBe(false);
  });

  it('matches keys and Python’s separators, so a query can span a field', () => {
    expect(eventMatches(command, { query: '"action": "run"' })).toBe(true);
    expect(eventMatches(command, { query: '"action":"run"' })).toBe(false);
    expect(eventMatches(command, { query: '"id": 7' })).toBe(true);
  });

  it('sees non-ASCII text as the escapes Python writes, never as the characters', () => {
    expect(eventMatches(command, { query: 'café' })).toBe(false);
    expect(eventMatches(command, { query: 'caf\\u00e9' })).toBe(true);
  });
});

describe('include_types and exclude_types', () => {
  it('names classes and matches like isinstance: a base class takes all its kinds', () => {
    expect(classNamesOf(command)).toEqual(['CmdRunAction', 'Action', 'Event']);
    expect(eventMatches(command, { include_types: ['CmdRunAction'] })).toBe(true);
    expect(eventMatches(command, { include_types: ['Action'] })).toBe(true);
    expect(eventMatches(command, { include_types: ['Observation'] })).toBe(false);
    expect(eventMatches(hiddenOutput, { include_types: ['CmdOutputObservation'] })).toBe(true);
    expect(eventMatches(command, { include_types: ['run'] })).toBe(false);
  });

  it('treats an empty include list as no filter, as Python treats an empty tuple', () => {
    expect(eventMatches(command, { include_types: [] })).toBe(true);
  });

  it('lets exclusion win over inclusion', () => {
    expect(
      eventMatches(command, { include_types: ['Action'], exclude_types: ['CmdRunAction'] }),
    ).toBe(false);
    expect(eventMatches(message, { exclude_types: ['CmdRunAction'] })).toBe(true);
  });

  it('names V1 events by kind with the SDK’s base classes', () => {
    expect(classNamesOf(v1Reject)).toEqual([
      'UserRejectObservation',
      'ObservationBaseEvent',
      'LLMConvertibleEvent',
      'Event',
    ]);
    expect(eventMatches(v1Reject, { include_types: ['ObservationBaseEvent'] })).toBe(true);
    expect(eventMatches(v1Action, { include_types: ['ObservationBaseEvent'] })).toBe(false);
    expect(eventMatches(v1Action, { include_types: ['LLMConvertibleEvent'] })).toBe(true);
  });
});

describe('source', () => {
  it('is an exact, case-sensitive match', () => {
    expect(eventMatches(message, { source: 'user' })).toBe(true);
    expect(eventMatches(message, { source: 'User' })).toBe(false);
    expect(eventMatches(command, { source: 'user' })).toBe(false);
  });
});

describe('start_date and end_date', () => {
  it('compare as text, both ends inclusive', () => {
    const at = '2025-01-20T10:15:30.123456';
    expect(eventMatches(command, { start_date: at, end_date: at })).toBe(true);
    expect(eventMatches(command, { start_date: '2025-01-20T10:15:31' })).toBe(false);
    expect(eventMatches(command, { end_date: '2025-01-20T10:15:30' })).toBe(false);
  });

  it('make a bare date as end_date end before that day’s events (text order)', () => {
    expect(eventMatches(message, { end_date: '2025-01-20' })).toBe(false);
    expect(eventMatches(message, { start_date: '2025-01-20' })).toBe(true);
  });

  it('let events without a timestamp through', () => {
    expect(eventMatches(stateChange, { start_date: '2099-01-01', end_date: '2000-01-01' })).toBe(
      true,
    );
  });
});

describe('exclude_hidden', () => {
  it('drops only V0 commands and their outputs marked hidden', () => {
    expect(eventMatches(hiddenCommand, { exclude_hidden: true })).toBe(false);
    expect(eventMatches(hiddenOutput, { exclude_hidden: true })).toBe(false);
    expect(eventMatches(command, { exclude_hidden: true })).toBe(true);
    // A state change is a "system" event in the timeline, but not hidden in this sense.
    expect(eventMatches(stateChange, { exclude_hidden: true })).toBe(true);
  });
});

describe('helpers', () => {
  it('knows an empty filter', () => {
    expect(isEmptyFilter({ include_types: [], query: '' })).toBe(true);
    expect(isEmptyFilter({ exclude_hidden: true })).toBe(false);
  });

  it('reads type lists typed with commas or spaces', () => {
    expect(parseTypeList('CmdRunAction, MessageAction  Observation,')).toEqual([
      'CmdRunAction',
      'MessageAction',
      'Observation',
    ]);
  });
});
