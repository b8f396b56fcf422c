import { describe, expect, it } from 'vitest';
import { cloneFolderFor, withCloneFolder } from './clone-folders';

describe('clone folders kept by server', () => {
  it('reads and writes the folder of one server’s origin only', () => {
    const folders = withCloneFolder({}, 'https://agents.example.com/prefix', '~/work');
    expect(folders).toEqual({ 'https://agents.example.com': '~/work' });
    expect(cloneFolderFor(folders, 'https://agents.example.com')).toBe('~/work');
    expect(cloneFolderFor(folders, 'http://localhost:8000')).toBe('');
    expect(withCloneFolder(folders, 'https://agents.example.com', '')).toEqual({});
  });
});
