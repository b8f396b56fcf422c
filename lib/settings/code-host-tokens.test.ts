import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { listCodeHostTokens, readCodeHostToken, writeCodeHostToken } from './code-host-tokens';
import { readApiKeyFor, writeApiKey } from './secrets';

describe('code-host tokens', () => {
  it('are filed per origin beside the API key, never in storage.local, and listed by hint only', async () => {
    await writeApiKey('sk-server', 'https://openhands.example.com');
    await writeCodeHostToken('https://gitlab.example.com/gitlab', 'glpat-abcdef1234');
    await writeCodeHostToken('https://github.com', ' ghp_zyxw9876 ');
    expect(await readCodeHostToken('https://gitlab.example.com')).toBe('glpat-abcdef1234');
    expect(await readCodeHostToken('https://github.com/octo/widgets')).toBe('ghp_zyxw9876');
    expect(await readCodeHostToken('https://bitbucket.org')).toBeNull();
    expect(await readApiKeyFor('https://openhands.example.com')).toBe('sk-server');
    expect(await listCodeHostTokens()).toEqual([
      { origin: 'https://github.com', hint: '…9876' },
      { origin: 'https://gitlab.example.com', hint: '…1234' },
    ]);
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toContain('glpat');
  });

  it('forget with null and refuse a token with spaces', async () => {
    await writeCodeHostToken('https://github.com', 'ghp_one');
    await writeCodeHostToken('https://github.com', null);
    expect(await readCodeHostToken('https://github.com')).toBeNull();
    await expect(writeCodeHostToken('https://github.com', 'two words')).rejects.toThrow(/spaces/);
  });
});
