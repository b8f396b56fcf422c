import { describe, expect, it } from 'vitest';
import { parseFrontMatter, parseYaml } from './front-matter';

const yaml = (text: string) => parseYaml(text.split('\n'));

describe('parseFrontMatter', () => {
  it('splits a block from the body and trims both as the loader does', () => {
    const result = parseFrontMatter(
      '\n\n---\nname: testing\ntriggers:\n  - test\n---\n\n# Body\n\n',
    );
    expect(result).toEqual({
      ok: true,
      present: true,
      metadata: { name: 'testing', triggers: ['test'] },
      content: '# Body',
    });
  });

  it('keeps the whole text as body without a block, or without its closing line', () => {
    expect(parseFrontMatter('# Just text')).toMatchObject({
      ok: true,
      present: false,
      content: '# Just text',
    });
    expect(parseFrontMatter('---\nname: x\nno end')).toMatchObject({
      ok: true,
      present: false,
      metadata: {},
    });
  });

  it('adds no keys when the block is not a map', () => {
    expect(parseFrontMatter('---\n- a\n- b\n---\nbody')).toMatchObject({ ok: true, metadata: {} });
  });

  it('points at the line of the file where the block breaks', () => {
    const result = parseFrontMatter('---\nname: broken\ntriggers: [unterminated\n---\nBody');
    expect(result).toMatchObject({ ok: false, kind: 'broken', code: 'unclosed-list', line: 3 });
    const later = parseFrontMatter('\n\n---\nname: "open\n---\nBody');
    expect(later).toMatchObject({ ok: false, code: 'unclosed-quote', line: 4 });
  });

  it('calls YAML it does not read unsupported rather than broken', () => {
    expect(parseFrontMatter('---\nbase: &b x\n---\n')).toMatchObject({
      ok: false,
      kind: 'unsupported',
      feature: '&',
      line: 2,
    });
    expect(parseFrontMatter('---\nname: !!str 5\n---\n')).toMatchObject({ kind: 'unsupported' });
  });
});

describe('parseYaml', () => {
  it('reads the shapes skill front matter uses', () => {
    expect(
      yaml(`name: release_notes   # a comment
type: task
version: 1.0.0
triggers: [/release-notes, "release notes", 'it''s']
inputs:
  - name: VERSION
    description: The version being released
  - {name: DATE, description: "When"}
metadata:
  team: platform
  level: 2
disable-model-invocation: yes
empty:
paths: src/**, docs/*.md`),
    ).toEqual({
      name: 'release_notes',
      type: 'task',
      version: '1.0.0',
      triggers: ['/release-notes', 'release notes', "it's"],
      inputs: [
        { name: 'VERSION', description: 'The version being released' },
        { name: 'DATE', description: 'When' },
      ],
      metadata: { team: 'platform', level: 2 },
      'disable-model-invocation': true,
      empty: null,
      paths: 'src/**, docs/*.md',
    });
  });

  it('reads sequences at the key’s own indent and flow lists over several lines', () => {
    expect(yaml('triggers:\n- a\n- b\nname: x')).toEqual({ triggers: ['a', 'b'], name: 'x' });
    expect(yaml('triggers: [a,\n  b,\n  c]\nname: x')).toEqual({
      triggers: ['a', 'b', 'c'],
      name: 'x',
    });
  });

  it('folds plain scalars and reads block scalars with their chomping', () => {
    expect(yaml('description: one\n  two\n  three\nname: x')).toEqual({
      description: 'one two three',
      name: 'x',
    });
    expect(yaml('d: |\n  line 1\n  line 2\n\nn: 1')).toEqual({ d: 'line 1\nline 2\n', n: 1 });
    expect(yaml('d: >-\n  folded\n  text\n\n  para\nn: 1')).toEqual({
      d: 'folded text\npara',
      n: 1,
    });
    expect(yaml('d: |+\n  kept\n\nn: 1')).toEqual({ d: 'kept\n\n', n: 1 });
  });

  it('resolves plain scalars as YAML 1.1 does and keeps URLs and colons inside words', () => {
    expect(
      yaml('a: ~\nb: Off\nc: 12\nd: 1.5\ne: http://x.test/a:b\nf: a:b\ng: "\\u00e9\\n"'),
    ).toEqual({
      a: null,
      b: false,
      c: 12,
      d: 1.5,
      e: 'http://x.test/a:b',
      f: 'a:b',
      g: 'é\n',
    });
  });

  it('keeps the last of duplicate keys, as PyYAML does', () => {
    expect(yaml('name: a\nname: b')).toEqual({ name: 'b' });
  });

  it.each([
    ['name: x\n\tfoo: y', 'tab-indent', 2],
    ['name: x\n  other: y', 'bad-indent', 2],
    ['name: x\njust words', 'missing-colon', 2],
    ['a: {b: c', 'unclosed-map', 1],
    ['a: "\\q"', 'bad-escape', 1],
    ['a: [x] y', 'stray-text', 1],
  ])('%j is broken (%s on line %i)', (text, code, line) => {
    expect(() => yaml(text)).toThrow(expect.objectContaining({ code, line }));
  });
});
