import { describe, expect, it } from 'vitest';
import { agentFolderSkills } from './agent-settings';

describe('the skills an agent server finds in a folder', () => {
  it('says every switch, so no public skills are cloned over the network and only the folder’s own are read', () => {
    const { body } = agentFolderSkills.request({ project_dir: '/home/openhands/handoff/w-1' });
    expect(body).toEqual({
      load_public: false,
      load_user: false,
      load_org: false,
      load_project: true,
      project_dir: '/home/openhands/handoff/w-1',
    });
  });
});
