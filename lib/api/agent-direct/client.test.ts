// The agent-direct client against the reference service playing a bare agent server: its
// conversations read as V1 ones, and a start clones the repository before the agent runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@/tests/service/index';
import { agentSeedIds } from '@/tests/service/seed/agent-server';
import {
  agentDirectClient,
  saveServerSecret,
  serverCall,
  startAgentServer,
  startAndWait,
  startTaskEnd,
} from '../testing/agent-server';
import { type AgentDirectClient, cancelStart } from './client';

type Json = Record<string, unknown>;

let svc: RunningService;
let client: AgentDirectClient;

async function bash(command: string): Promise<Json> {
  const answer = await serverCall(svc, '/api/bash/execute_bash_command', {
    method: 'POST',
    body: JSON.stringify({ command, timeout: 30 }),
  });
  return (await answer.json()) as Json;
}

beforeAll(async () => {
  svc = await startAgentServer();
  client = agentDirectClient(svc);
});
afterAll(async () => {
  await svc.stop();
});

describe('conversations of an agent server read as V1 ones', () => {
  it('lists them with their status, on the server itself', async () => {
    const page = (await client.call('v1.searchAppConversations', { limit: 10 })) as {
      items: Json[];
    };
    const ids = page.items.map((item) => String(item.id).replaceAll('-', ''));
    expect(ids).toEqual(expect.arrayContaining(Object.values(agentSeedIds.conversations)));
    for (const item of page.items) {
      expect(item.sandbox_status).toBe('RUNNING');
      expect(item.conversation_url).toBe(`${svc.url}/api/conversations/${item.id}`);
      expect(typeof item.execution_status).toBe('string');
    }
  });

  it('reads one by id, and null for one the server does not have', async () => {
    const id = agentSeedIds.conversations.parserFix;
    const [found, missing] = (await client.call('v1.getAppConversations', {
      ids: [id, '0badc0de0badc0de0badc0de0badc0de'],
    })) as (Json | null)[];
    expect(String(found?.id).replaceAll('-', '')).toBe(id);
    expect(missing).toBeNull();
  });
});

describe('a start on an agent server', () => {
  it('clones the repository on its branch into a folder of its own, then starts there', async () => {
    // A public repository clones without a token.
    await serverCall(svc, '/api/settings/secrets/github_token', { method: 'DELETE' });
    const task = await startAndWait(client, {
      selected_repository: 'octo-org/widgets',
      selected_branch: 'main',
      git_provider: 'github',
      title: 'Issue #42: Crash on empty input',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Fix issue #42.' }] },
    });
    expect(task.detail ?? null).toBeNull();
    expect(task.status).toBe('READY');
    const [record] = (await client.call('v1.getAppConversations', {
      ids: [task.app_conversation_id],
    })) as Json[];
    expect(record?.selected_repository).toBe('octo-org/widgets');
    expect(record?.selected_branch).toBe('main');
    expect(record?.title).toBe('Issue #42: Crash on empty input');
    const tags = record?.tags as Record<string, string>;
    expect(tags.issue).toBe('42');
    const folder = tags.folder as string;
    expect(folder).toMatch(/^\/home\/openhands\/handoff\/widgets-[0-9a-f]{8}$/);
    const branch = await bash(`git -C '${folder}' rev-parse --abbrev-ref HEAD`);
    expect(String(branch.stdout).trim()).toBe('main');
  });

  it('clones a private repository with the token saved on the server, which no command holds', async () => {
    const token = 'glpat-LocalReferenceService0000001';
    await saveServerSecret(svc, 'gitlab_token', token);
    const task = await startAndWait(client, {
      selected_repository: 'acme/platform/backend/api',
      selected_branch: 'release/1.x',
      git_provider: 'gitlab',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
    });
    expect(task.detail ?? null).toBeNull();
    expect(task.status).toBe('READY');
    const [record] = (await client.call('v1.getAppConversations', {
      ids: [task.app_conversation_id],
    })) as Json[];
    const folder = (record?.tags as Record<string, string> | undefined)?.folder;
    const branch = await bash(`git -C '${folder}' rev-parse --abbrev-ref HEAD`);
    expect(String(branch.stdout).trim()).toBe('release/1.x');
    const log = await serverCall(svc, '/api/bash/bash_events/search?limit=100');
    const logged = await log.text();
    expect(logged).toContain('clone');
    expect(logged).not.toContain(token);
    const left = await bash('ls -a /home/openhands/.handoff');
    expect(String(left.stdout ?? '')).not.toContain('credentials');
  });

  it('lists the skills the agent loaded from the clone', async () => {
    const task = await startAndWait(client, {
      selected_repository: 'octo-org/widgets',
      git_provider: 'github',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
    });
    expect(task.status).toBe('READY');
    const skills = (await client.call('v1.getSkills', {
      conversation_id: task.app_conversation_id,
    })) as Json[];
    expect(skills).toContainEqual(
      expect.objectContaining({ name: 'release-checklist', triggers: ['release'] }),
    );
  });

  it('clones into the folder chosen for the server, ~/ being the server’s home', async () => {
    const chosen = agentDirectClient(svc, async () => '~/work/repos');
    const latest = await startAndWait(chosen, {
      selected_repository: 'octo-org/widgets',
      git_provider: 'github',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
    });
    expect(latest.status).toBe('READY');
    const [record] = (await chosen.call('v1.getAppConversations', {
      ids: [latest.app_conversation_id],
    })) as Json[];
    const folder = (record?.tags as Record<string, string> | undefined)?.folder as string;
    expect(folder).toMatch(/^\/home\/openhands\/work\/repos\/widgets-[0-9a-f]{8}$/);
    const head = await bash(`git -C '${folder}' rev-parse --abbrev-ref HEAD`);
    expect(String(head.stdout).trim()).toBe('main');
  });

  it('clones into ~/handoff when the chosen folder is not usable, and says so while cloning', async () => {
    const refused = agentDirectClient(svc, async () => 'work; rm -rf ~');
    const task = (await refused.call('v1.startAppConversation', {
      selected_repository: 'octo-org/widgets',
      git_provider: 'github',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
    })) as Json;
    const details = new Set<string>();
    // Read often, so the short-lived "Cloning …" detail is seen.
    const latest = await startTaskEnd(refused, String(task.id), {
      every: 5,
      seen: (each) => {
        if (typeof each.detail === 'string') details.add(each.detail);
      },
    });
    expect(latest.status).toBe('READY');
    expect([...details].join('\n')).toMatch(
      /Cloning octo-org\/widgets into \/home\/openhands\/handoff\/widgets-[0-9a-f]{8} \(the clone folder in Handoff’s options is not usable/,
    );
    const [record] = (await refused.call('v1.getAppConversations', {
      ids: [latest.app_conversation_id],
    })) as Json[];
    expect((record?.tags as Record<string, string> | undefined)?.folder).toMatch(
      /^\/home\/openhands\/handoff\/widgets-[0-9a-f]{8}$/,
    );
  });

  it('says in words that a branch does not exist, and starts nothing', async () => {
    const before = (await client.call('v1.searchAppConversations', { limit: 100 })) as {
      items: Json[];
    };
    const task = await startAndWait(client, {
      selected_repository: 'octo-org/widgets',
      selected_branch: 'no-such-branch',
      git_provider: 'github',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
    });
    expect(task.status).toBe('ERROR');
    expect(task.detail).toContain('The branch no-such-branch does not exist in octo-org/widgets');
    const after = (await client.call('v1.searchAppConversations', { limit: 100 })) as {
      items: Json[];
    };
    expect(after.items).toHaveLength(before.items.length);
  });

  it('asks for a token where a private repository has none saved', async () => {
    const task = await startAndWait(client, {
      selected_repository: 'acme-team/payments',
      git_provider: 'bitbucket',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
    });
    expect(task.status).toBe('ERROR');
    expect(task.detail).toContain('needs a token');
    expect(task.detail).toContain('bitbucket_token');
  });

  it('cancels a clone that hangs: it ends at once, leaves nothing on the server, starts nothing', async () => {
    // The token saved by the test above: its credential file must go too.
    await svc.admin.hangClones(1);
    const before = (await client.call('v1.searchAppConversations', { limit: 100 })) as {
      items: Json[];
    };
    const task = (await client.call('v1.startAppConversation', {
      selected_repository: 'acme/platform/backend/api',
      git_provider: 'gitlab',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
    })) as Json;
    const id = String(task.id);
    const folder = `/home/openhands/handoff/api-${id.replaceAll('-', '').slice(0, 8)}`;
    // git has made its folder: the clone is under way on the server.
    for (let i = 0; (await bash(`test -d '${folder}'`)).exit_code !== 0; i++) {
      if (i > 200) throw new Error('The clone never began');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const began = Date.now();
    expect(cancelStart(id)).toBe(true);
    const ended = await startTaskEnd(client, id);
    expect(Date.now() - began).toBeLessThan(5000);
    expect(ended).toMatchObject({
      status: 'ERROR',
      detail: 'Cloning acme/platform/backend/api was cancelled. Nothing was left on the server.',
    });
    expect((await bash(`test -e '${folder}'`)).exit_code).toBe(1);
    expect(String((await bash('ls -a /home/openhands/.handoff')).stdout ?? '')).not.toContain(
      'credentials',
    );
    expect((await bash("pgrep -f '[r]emote-https'")).exit_code).toBe(1);
    const after = (await client.call('v1.searchAppConversations', { limit: 100 })) as {
      items: Json[];
    };
    expect(after.items).toHaveLength(before.items.length);
    // Over is over: nothing to cancel any more.
    expect(cancelStart(id)).toBe(false);
  });

  it('refuses a repository name a shell could misread, before running anything', async () => {
    const task = await startAndWait(client, {
      selected_repository: 'octo-org/widgets; rm -rf ~',
      git_provider: 'github',
    });
    expect(task.status).toBe('ERROR');
    expect(task.detail).toContain('is not a repository name');
  });
});
