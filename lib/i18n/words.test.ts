import { describe, expect, it } from 'vitest';
import { humanise, providerName } from './words';

describe('words for server values', () => {
  it('humanises values it has no words for', () => {
    expect(humanise('CHAT_INTERFACE$SOMETHING_NEW')).toBe('Something new');
  });

  it('names providers the way people write them, and a newer server’s provider readably', () => {
    expect(providerName('github')).toBe('GitHub');
    expect(providerName('bitbucket_data_center')).toBe('Bitbucket Data Center');
    expect(providerName('azure_devops')).toBe('Azure DevOps');
    expect(providerName('gitea')).toBe('Gitea');
  });
});
