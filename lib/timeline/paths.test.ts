import { describe, expect, it } from 'vitest';
import { middleTruncate, splitPath } from './paths';

describe('splitPath', () => {
  it('keeps the file name whole and the folders apart', () => {
    expect(splitPath('/workspace/project/src/parser.ts')).toEqual({
      folder: '/workspace/project/src/',
      name: 'parser.ts',
    });
    expect(splitPath('README.md')).toEqual({ folder: '', name: 'README.md' });
    expect(splitPath('C:\\repo\\main.py')).toEqual({ folder: 'C:\\repo\\', name: 'main.py' });
    expect(splitPath('src/lib/')).toEqual({ folder: 'src/', name: 'lib/' });
  });
});

describe('middleTruncate', () => {
  it('drops folders from the middle and never the file name', () => {
    const path = '/workspace/project/packages/very-long-package-name/src/components/Parser.tsx';
    const short = middleTruncate(path, 40);
    expect(short.length).toBe(40);
    expect(short.endsWith('/Parser.tsx')).toBe(true);
    expect(short.startsWith('/workspace')).toBe(true);
    expect(short).toContain('…');
  });

  it('leaves short paths alone and cuts a name that alone is too long from its start', () => {
    expect(middleTruncate('src/a.ts', 40)).toBe('src/a.ts');
    const name = 'an-extremely-long-generated-file-name-without-folders.snapshot.json';
    expect(middleTruncate(`dir/${name}`, 20)).toBe(`…${name.slice(-19)}`);
  });
});
