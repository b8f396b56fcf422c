// A start on an agent server that runs each conversation in a container of its own (1.48+
// docker runtime), against the reference service playing one: the clone lands in the
// conversation's own workspace, not on the server's machine, and a failure leaves nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningService } from '@/tests/service/index';
import {
  AGENT_KEY,
  agentDirectClient,
  saveServerSecret,
  serverCall,
  startAgentServer,
  startAndWait,
} from '../testing/agent-server';
import type { AgentDirectClient } from './client';

type Json = Record<string, unknown>;

let svc: RunningService;
let client: AgentDirectClient;

async function api(path: string, init: RequestInit = {}): Promise<Json> {
  const answer = await serverCall(svc, path, init);
  const text = await answer.text();
  return { status: answer.status, ...(text ? (JSON.parse(text) as Json) : {}) };
}

async function inContainer(id: string, command: string): Promise<Json> {
  return api(`/api/conversations/${id}/bash/execute_bash_command`, {
    method: 'POST',
    body: JSON.stringify({ command, cwd: '/workspace', timeout: 30 }),
  });
}

beforeAll(async () => {
  svc = await startAgentServer({ conversationRuntime: 'docker' });
  client = agentDirectClient(svc, async () => null, AGENT_KEY);
});
afterAll(async () => {
  await svc.stop();
});

describe('a start where each conversation has its own container', () => {
  it('clones the branch into the conversation’s workspace, with the token in no command, then gives the agent its task', async () => {
    const token = 'glpat-LocalReferenceService0000001';
    await saveServerSecret(svc, 'gitlab_token', token);
    const task = await startAndWait(client, {
      selected_repository: 'acme/platform/backend/api',
      selected_branch: 'release/1.x',
      git_provider: 'gitlab',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Fix it.' }] },
    });
    expect(task.detail ?? null).toBeNull();
    expect(task.status).toBe('READY');
    const id = String(task.app_conversation_id);
    const branch = await inContainer(id, 'git rev-parse --abbrev-ref HEAD');
    expect(String(branch.stdout).trim()).toBe('release/1.x');
    // Not on the server's own machine.
    const host = await api('/api/bash/execute_bash_command', {
      method: 'POST',
      body: JSON.stringify({ command: 'ls /home/openhands/handoff', timeout: 30 }),
    });
    expect(String(host.stdout ?? '')).not.toContain('api-');
    const commands = JSON.stringify(
      await api(`/api/conversations/${id}/bash/bash_events/search?limit=100`),
    );
    expect(commands).toContain('clone');
    expect(commands).not.toContain(token);
    const left = await inContainer(id, 'ls -a /tmp');
    expect(String(left.stdout ?? '')).not.toContain('handoff-credentials');
    // The task went after the clone: the agent answered it.
    const events = JSON.stringify(await api(`/api/conversations/${id}/events/search?limit=100`));
    expect(events).toContain('Fix it.');
  });

  it('takes the conversation away when the branch does not exist, and says which branch', async () => {
    const before = (await api('/api/conversations/search?limit=100')).items as Json[];
    const task = await startAndWait(client, {
      selected_repository: 'octo-org/widgets',
      selected_branch: 'no-such-branch',
      git_provider: 'github',
      initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
    });
    expect(task.status).toBe('ERROR');
    expect(task.detail).toBe(
      'The branch no-such-branch does not exist in octo-org/widgets. Pick another branch and start again.',
    );
    const after = (await api('/api/conversations/search?limit=100')).items as Json[];
    expect(after.length).toBe(before.length);
  });

  it('says the container could not start', async () => {
    await svc.admin.failContainers();
    try {
      const task = await startAndWait(client, {
        initial_message: { role: 'user', content: [{ type: 'text', text: 'Go.' }] },
      });
      expect(task.status).toBe('ERROR');
      expect(task.detail).toContain('could not start a container for this conversation');
    } finally {
      await svc.admin.failContainers({ failing: false });
    }
  });
});
