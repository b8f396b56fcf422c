import { describe, expect, it } from 'vitest';
import { checkCloneFolder } from './clone-folder-form';

describe('checking a clone folder as it is typed', () => {
  it('takes a full path or one in the home folder, tidied', () => {
    expect(checkCloneFolder('  /srv/work/ ')).toEqual({ ok: true, value: '/srv/work' });
    expect(checkCloneFolder('~/work//repos/./')).toEqual({ ok: true, value: '~/work/repos' });
    expect(checkCloneFolder('~')).toEqual({ ok: true, value: '~' });
    expect(checkCloneFolder('~/')).toEqual({ ok: true, value: '~' });
  });

  it('reads empty as the default folder', () => {
    expect(checkCloneFolder('   ')).toEqual({ ok: true, value: '' });
  });

  it('says what to change for a relative path, a parent part or the root', () => {
    expect(checkCloneFolder('work/repos')).toEqual({
      ok: false,
      error: expect.stringContaining('Start with / for a full path, or with ~/'),
    });
    expect(checkCloneFolder('~ana/work')).toMatchObject({ ok: false });
    expect(checkCloneFolder('/srv/../etc')).toEqual({
      ok: false,
      error: expect.stringContaining('Leave out “..”'),
    });
    expect(checkCloneFolder('/')).toEqual({
      ok: false,
      error: expect.stringContaining('not / itself'),
    });
  });

  it('names the character a shell or git could misread, invisible ones in words', () => {
    expect(checkCloneFolder("/srv/it's")).toEqual({
      ok: false,
      error: expect.stringContaining("Remove “'”"),
    });
    expect(checkCloneFolder('/srv/$(id)')).toEqual({
      ok: false,
      error: expect.stringContaining('Remove “$”'),
    });
    expect(checkCloneFolder('/srv/my work')).toEqual({
      ok: false,
      error: expect.stringContaining('Remove the space'),
    });
    expect(checkCloneFolder('/srv/a\u0000b')).toEqual({
      ok: false,
      error: expect.stringContaining('the invisible control character'),
    });
  });

  it('refuses a path too long to travel with the conversation', () => {
    expect(checkCloneFolder(`/${'a'.repeat(170)}`)).toEqual({
      ok: false,
      error: expect.stringContaining('under 160 characters'),
    });
  });
});
