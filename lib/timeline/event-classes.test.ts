import { describe, expect, it } from 'vitest';
import { knownClassNames, typeExamples } from './event-classes';
import { parseTypeList } from './event-search';

describe('typeExamples', () => {
  it('shows each generation names of its own event types, never the other one’s', () => {
    for (const generation of ['v0', 'v1'] as const) {
      const known = knownClassNames(generation);
      const { include, exclude, base } = typeExamples(generation);
      for (const name of [...parseTypeList(include), ...parseTypeList(exclude), base]) {
        expect(known, `${generation}: ${name}`).toContain(name);
      }
    }
  });

  it('V1 examples are SDK kinds, not V0 classes such as CmdRunAction', () => {
    const { include, exclude } = typeExamples('v1');
    expect(parseTypeList(include)).toEqual(['ActionEvent', 'ObservationBaseEvent']);
    expect(exclude).toBe('ConversationStateUpdateEvent');
  });
});
