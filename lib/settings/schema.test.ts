import { describe, expect, it } from 'vitest';
import { SettingsSchema } from './schema';

describe('organizationId', () => {
  it('keeps a UUID and defaults to none', () => {
    const id = '0b6f7c58-2f4e-4d71-9a0c-5e8d7b6a4c3f';
    expect(SettingsSchema.parse({ organizationId: id }).organizationId).toBe(id);
    expect(SettingsSchema.parse({}).organizationId).toBeNull();
  });

  it('drops a value that is not a UUID without losing the other settings', () => {
    const parsed = SettingsSchema.parse({
      serverUrl: 'https://app.all-hands.dev',
      organizationId: 'acme; drop table',
    });
    expect(parsed.organizationId).toBeNull();
    expect(parsed.serverUrl).toBe('https://app.all-hands.dev');
  });
});

describe('cloneFolders', () => {
  it('defaults to none, so settings stored before it read as they were', () => {
    expect(SettingsSchema.parse({ serverUrl: 'http://localhost:8000' }).cloneFolders).toEqual({});
  });

  it('keeps a folder as stored, usable or not, for the options page to show', () => {
    const folders = { 'http://localhost:8000': '~/work', 'https://b.example': 'relative' };
    expect(SettingsSchema.parse({ cloneFolders: folders }).cloneFolders).toEqual(folders);
  });

  it('drops what is not text without losing the other settings', () => {
    const parsed = SettingsSchema.parse({
      serverUrl: 'http://localhost:8000',
      cloneFolders: { 'http://localhost:8000': 42 },
    });
    expect(parsed.cloneFolders).toEqual({ 'http://localhost:8000': '' });
    expect(parsed.serverUrl).toBe('http://localhost:8000');
    expect(SettingsSchema.parse({ cloneFolders: 'x' }).cloneFolders).toEqual({});
  });
});
