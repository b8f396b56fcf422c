import { describe, expect, it } from 'vitest';
import {
  draftFromLaunch,
  emptyMcp,
  groupFieldErrors,
  mcpConfigOf,
  mcpDraftOf,
  providerTypeOf,
  sendsSuggestedTask,
  startCapabilitiesOf,
  toAppConversationStartRequest,
  toInitSessionRequest,
} from '@/components/sidepanel/model/new-conversation';
import {
  AppConversationStartRequestSchema,
  InitSessionRequestSchema,
  MCPConfigRequestSchema,
} from '@/lib/api';
import type { PageContext } from '@/lib/hosts/page-context';

const issuePage: PageContext = {
  provider: 'github',
  host: 'github.com',
  baseUrl: 'https://github.com',
  repository: 'octo/widgets',
  kind: 'issue',
  selfHosted: false,
  number: 12,
  title: 'Widgets flicker on resize',
};
const pullPage: PageContext = {
  provider: 'github',
  host: 'github.com',
  baseUrl: 'https://github.com',
  repository: 'octo/widgets',
  kind: 'pull',
  selfHosted: false,
  number: 34,
  title: 'Cache rendered widgets',
  branch: 'feature/cache',
};
const defaults = {
  generation: 'v0' as const,
  instructions: 'Run the tests.',
  mcp: emptyMcp(),
  knownProviders: [],
};

describe('draftFromLaunch', () => {
  it('fills repository, provider and an OPEN_ISSUE task from an issue page', () => {
    const draft = draftFromLaunch(issuePage, undefined, defaults);
    expect(draft).toMatchObject({
      repository: 'octo/widgets',
      provider: 'github',
      branch: '',
      instructions: 'Run the tests.',
      useTask: true,
      task: { type: 'OPEN_ISSUE', number: 12, title: 'Widgets flicker on resize' },
    });
  });

  it('fills an OPEN_PR task with the PR’s number and source branch from a PR page', () => {
    const draft = draftFromLaunch(pullPage, undefined, defaults);
    expect(draft.task).toEqual({ type: 'OPEN_PR', number: 34, title: 'Cache rendered widgets' });
    expect(draft.branch).toBe('feature/cache');
  });

  it('writes the task into the first message, so what will be sent can be read and changed', () => {
    const draft = draftFromLaunch(issuePage, 'see the stack trace', defaults);
    expect(draft.message).toBe(`${draft.taskMessage}\n\nsee the stack trace`);
    expect(draft.taskMessage).toContain('issue #12');
    expect(draft.taskMessage).toContain('Widgets flicker on resize');
  });

  it('offers selected text as the first message and starts blank without a page', () => {
    expect(draftFromLaunch(null, '  explain this  ', defaults)).toMatchObject({
      repository: '',
      provider: '',
      message: 'explain this',
      task: null,
      useTask: false,
    });
  });
});

describe('providerTypeOf', () => {
  const dc: PageContext = {
    ...issuePage,
    provider: 'bitbucket',
    selfHosted: true,
    host: 'git.example.com',
  };
  it('maps Bitbucket Data Center to its own value only when the server knows it', () => {
    expect(providerTypeOf(dc, ['github'])).toBe('bitbucket');
    expect(providerTypeOf(dc, ['bitbucket_data_center'])).toBe('bitbucket_data_center');
    expect(providerTypeOf({ ...dc, selfHosted: false }, ['bitbucket_data_center'])).toBe(
      'bitbucket',
    );
    expect(providerTypeOf({ ...issuePage, selfHosted: true }, [])).toBe('github');
  });
});

describe('toInitSessionRequest (V0)', () => {
  it('sends the issue as a suggested task, and nothing the server would reject', () => {
    const request = toInitSessionRequest(draftFromLaunch(issuePage, undefined, defaults));
    expect(request).toEqual({
      repository: 'octo/widgets',
      git_provider: 'github',
      suggested_task: {
        git_provider: 'github',
        task_type: 'OPEN_ISSUE',
        repo: 'octo/widgets',
        issue_number: 12,
        title: 'Widgets flicker on resize',
      },
      conversation_instructions: 'Run the tests.',
    });
    expect(InitSessionRequestSchema.safeParse(request).success).toBe(true);
  });

  it('sends a PR task with the source branch selected', () => {
    const request = toInitSessionRequest(draftFromLaunch(pullPage, undefined, defaults));
    expect(request.selected_branch).toBe('feature/cache');
    expect(request.suggested_task).toMatchObject({ task_type: 'OPEN_PR', issue_number: 34 });
  });

  it('keeps words typed next to a task: the server would drop initial_user_msg', () => {
    const launched = draftFromLaunch(issuePage, undefined, defaults);
    const draft = { ...launched, message: `${launched.message}\n\nAdd a test too.` };
    const request = toInitSessionRequest(draft);
    expect(request.initial_user_msg).toBeUndefined();
    expect(request.conversation_instructions).toBe('Run the tests.\n\nAdd a test too.');
  });

  it('sends a plain first message, images and MCP servers when there is no task', () => {
    const draft = {
      ...draftFromLaunch(null, undefined, { ...defaults, instructions: '' }),
      message: 'Hello',
      images: ['data:image/png;base64,AAAA'],
      mcp: { ...emptyMcp(), sse: [{ url: 'https://mcp.example.com/sse', apiKey: '' }] },
    };
    const request = toInitSessionRequest(draft);
    expect(request).toEqual({
      initial_user_msg: 'Hello',
      image_urls: ['data:image/png;base64,AAAA'],
      mcp_config: { sse_servers: [{ url: 'https://mcp.example.com/sse' }] },
    });
    expect(InitSessionRequestSchema.safeParse(request).success).toBe(true);
  });
});

describe('toAppConversationStartRequest (V1)', () => {
  it('says the task in the first message, with images as an image item', () => {
    const draft = {
      ...draftFromLaunch(issuePage, undefined, { ...defaults, generation: 'v1' as const }),
      branch: 'main',
      images: ['data:image/png;base64,AAAA'],
    };
    const request = toAppConversationStartRequest(draft);
    expect(request).toMatchObject({
      selected_repository: 'octo/widgets',
      selected_branch: 'main',
      git_provider: 'github',
      system_message_suffix: 'Run the tests.',
      title: 'Issue #12: Widgets flicker on resize',
    });
    const content = request.initial_message?.content ?? [];
    expect(content[0]).toMatchObject({ type: 'text' });
    expect((content[0] as { text: string }).text).toContain('#12');
    expect((content[0] as { text: string }).text).toContain('Widgets flicker on resize');
    expect(content[1]).toEqual({ type: 'image', image_urls: ['data:image/png;base64,AAAA'] });
    expect(request.initial_message?.role).toBe('user');
    expect(AppConversationStartRequestSchema.safeParse(request).success).toBe(true);
  });

  it('sends the message as the person left it, and the task’s words when they emptied it', () => {
    const launched = draftFromLaunch(issuePage, undefined, { ...defaults, generation: 'v1' });
    const edited = toAppConversationStartRequest({ ...launched, message: 'Just fix the flicker.' });
    expect(edited.initial_message?.content).toEqual([
      { type: 'text', text: 'Just fix the flicker.' },
    ]);
    const emptied = toAppConversationStartRequest({ ...launched, message: '' });
    expect(emptied.initial_message?.content).toEqual([
      { type: 'text', text: launched.taskMessage },
    ]);
  });
});

describe('the issue as a suggested task (servers that take one)', () => {
  const current = { suggestedTask: true };
  const launched = () =>
    draftFromLaunch(issuePage, undefined, { ...defaults, generation: 'v1' as const });

  it('sends the issue as suggested_task and never a first message beside it (upstream 500s)', () => {
    const request = toAppConversationStartRequest(launched(), current);
    expect(request.suggested_task).toEqual({
      git_provider: 'github',
      task_type: 'OPEN_ISSUE',
      repo: 'octo/widgets',
      issue_number: 12,
      title: 'Widgets flicker on resize',
    });
    expect(request.initial_message).toBeUndefined();
    expect(request.system_message_suffix).toBe('Run the tests.');
    expect(AppConversationStartRequestSchema.safeParse(request).success).toBe(true);
  });

  it('words added after the task go with the instructions, not twice', () => {
    const draft = launched();
    const request = toAppConversationStartRequest(
      { ...draft, message: `${draft.message}\n\nAdd a test too.` },
      current,
    );
    expect(request.suggested_task).toBeDefined();
    expect(request.system_message_suffix).toBe('Run the tests.\n\nAdd a test too.');
  });

  it('a rewritten message, an image or a pull request go as words in the first message', () => {
    const draft = launched();
    expect(sendsSuggestedTask({ ...draft, message: 'Just fix the flicker.' }, current)).toBe(false);
    expect(sendsSuggestedTask({ ...draft, images: ['data:image/png;base64,AAAA'] }, current)).toBe(
      false,
    );
    const pull = draftFromLaunch(pullPage, undefined, { ...defaults, generation: 'v1' });
    const request = toAppConversationStartRequest(pull, current);
    expect(request.suggested_task).toBeUndefined();
    expect(request.pr_number).toEqual([34]);
    expect(request.initial_message?.content?.[0]).toMatchObject({ type: 'text' });
    expect(sendsSuggestedTask(draft, { suggestedTask: false })).toBe(false);
  });
});

describe('MCP servers', () => {
  it('turns the three kinds of rows into an MCPConfig the service accepts', () => {
    const config = mcpConfigOf({
      sse: [{ url: ' https://a.example.com/sse ', apiKey: 'k' }],
      stdio: [
        { name: 'fetch', command: 'uvx', args: 'mcp-server-fetch --timeout 30', env: 'A=1,B=2' },
      ],
      shttp: [{ url: 'https://b.example.com/mcp', apiKey: '', timeout: '90' }],
    });
    expect(config).toEqual({
      sse_servers: [{ url: 'https://a.example.com/sse', api_key: 'k' }],
      stdio_servers: [
        { name: 'fetch', command: 'uvx', args: 'mcp-server-fetch --timeout 30', env: 'A=1,B=2' },
      ],
      shttp_servers: [{ url: 'https://b.example.com/mcp', timeout: 90 }],
    });
    const parsed = MCPConfigRequestSchema.safeParse(config);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.stdio_servers?.[0]?.args).toEqual(['mcp-server-fetch', '--timeout', '30']);
  });

  it('reads stored defaults back into rows', () => {
    const draft = mcpDraftOf({
      sse_servers: ['https://a.example.com/sse'],
      stdio_servers: [{ name: 'x', command: 'npx', args: ['-y', 'a b'], env: { K: 'v' } }],
    });
    expect(draft.sse[0]?.url).toBe('https://a.example.com/sse');
    expect(draft.stdio[0]).toEqual({ name: 'x', command: 'npx', args: "-y 'a b'", env: 'K=v' });
  });

  it('is null when no server is named', () => {
    expect(mcpConfigOf(emptyMcp())).toBeNull();
  });
});

describe('groupFieldErrors', () => {
  it('puts 422 errors next to the fields of either interface', () => {
    const { byField, other } = groupFieldErrors([
      { field: 'repository', msg: 'Unknown repository' },
      { field: 'selected_branch', msg: 'Bad branch' },
      { field: 'mcp_config.stdio_servers.0.command', msg: 'No spaces' },
      { field: 'initial_message.content.0.text', msg: 'Too long' },
      { field: 'llm_model', msg: 'Unknown model' },
    ]);
    expect(byField).toEqual({
      repository: ['Unknown repository'],
      branch: ['Bad branch'],
      mcp: ['stdio_servers.0.command: No spaces'],
      message: ['Too long'],
    });
    expect(other).toEqual(['llm_model: Unknown model']);
  });
});

describe('what a start can use on each kind of server', () => {
  it('writes the task from the issue only where a V1-only app server does, reads progress from the worker and names a commit in words only on an agent server alone', () => {
    expect(startCapabilitiesOf({ v0: false, v1: true })).toEqual({
      suggestedTask: true,
      progressFromWorker: false,
      commit: true,
    });
    expect(startCapabilitiesOf({ v0: true, v1: true })).toEqual({
      suggestedTask: false,
      progressFromWorker: false,
      commit: true,
    });
    expect(startCapabilitiesOf({ v0: false, v1: true, agentDirect: true })).toEqual({
      suggestedTask: false,
      progressFromWorker: true,
      commit: false,
    });
  });
});

describe('a page at a commit', () => {
  const sha = '89f13651df126efdb4f1e3ae40183c9fdccdb4d3';
  const permalink: PageContext = {
    provider: 'github',
    host: 'github.com',
    baseUrl: 'https://github.com',
    repository: 'octo/widgets',
    kind: 'blob',
    selfHosted: false,
    path: 'src/grid.ts',
    sha,
  };
  // What the form holds once the repository's default branch has been looked up.
  const launched = (context: PageContext = permalink) => ({
    ...draftFromLaunch(context, undefined, { ...defaults, generation: 'v1' as const }),
    branch: 'main',
  });

  it('starts app servers at the commit itself, which their clone checks out', () => {
    const draft = launched();
    expect(draft).toMatchObject({ commit: sha, useCommit: true });
    const v1 = toAppConversationStartRequest(draft, startCapabilitiesOf({ v0: false, v1: true }));
    expect(v1.selected_branch).toBe(sha);
    expect(JSON.stringify(v1)).not.toContain('looking at commit');
    expect(toInitSessionRequest({ ...draft, generation: 'v0' }).selected_branch).toBe(sha);
    expect(AppConversationStartRequestSchema.safeParse(v1).success).toBe(true);
  });

  it('keeps the branch on an agent server and names the commit with the first message', () => {
    const agent = startCapabilitiesOf({ v0: false, v1: false, agentDirect: true });
    const draft = { ...launched(), message: 'Why does this flicker?' };
    const request = toAppConversationStartRequest(draft, agent);
    expect(request.selected_branch).toBe('main');
    const [text] = request.initial_message?.content ?? [];
    expect(text).toEqual({
      type: 'text',
      text: `Why does this flicker?\n\nThe person was looking at commit ${sha} when they started this; the branch main is checked out.`,
    });
    expect(request.system_message_suffix).toBe('Run the tests.');
    // Without a message of theirs, the agent is not set off: the commit waits in the instructions.
    const quiet = toAppConversationStartRequest({ ...launched(), branch: '' }, agent);
    expect(quiet.initial_message).toBeUndefined();
    expect(quiet.selected_branch).toBeUndefined();
    expect(quiet.system_message_suffix).toBe(
      `Run the tests.\n\nThe person was looking at commit ${sha} when they started this; the default branch is checked out.`,
    );
  });

  it('leaves the commit out when the person unticks it, or when the page names its branch', () => {
    const unticked = { ...launched(), useCommit: false, message: 'Look at this' };
    const app = startCapabilitiesOf({ v0: false, v1: true });
    const agent = startCapabilitiesOf({ v0: false, v1: false, agentDirect: true });
    expect(toAppConversationStartRequest(unticked, app).selected_branch).toBe('main');
    expect(JSON.stringify(toAppConversationStartRequest(unticked, agent))).not.toContain(sha);
    // Bitbucket Cloud shows a branch at its head commit, with the branch in `?at=`.
    const branchView = draftFromLaunch(
      {
        ...permalink,
        provider: 'bitbucket',
        host: 'bitbucket.org',
        baseUrl: 'https://bitbucket.org',
        branch: 'develop',
      },
      undefined,
      defaults,
    );
    expect(branchView).toMatchObject({ branch: 'develop', commit: '', useCommit: false });
    expect(toInitSessionRequest(branchView).selected_branch).toBe('develop');
  });
});

describe('a pull request task handed over from its page (issue 28)', () => {
  const gathered =
    'Pull request #34 in octo/widgets on GitHub: Cache rendered widgets\n\nOne check fails: lint';
  const handed = (generation: 'v0' | 'v1') =>
    draftFromLaunch(
      pullPage,
      undefined,
      { ...defaults, generation },
      { type: 'FAILING_CHECKS', text: gathered },
    );

  it('shows the gathered message as the task’s words, on the pull request’s own branch', () => {
    const draft = handed('v1');
    expect(draft.task).toMatchObject({ type: 'FAILING_CHECKS', number: 34 });
    expect(draft.message).toBe(gathered);
    expect(draft.branch).toBe('feature/cache');
  });

  it('goes as the service’s task where the server takes one, with the whole message beside it', () => {
    const draft = handed('v1');
    const request = toAppConversationStartRequest(
      { ...draft, message: `${draft.message}\n\nRun the linter first.` },
      { suggestedTask: true },
    );
    expect(request.suggested_task).toMatchObject({ task_type: 'FAILING_CHECKS', issue_number: 34 });
    expect(request.initial_message).toBeUndefined();
    // The server's own words for the task know nothing of what failed: all of it goes along.
    expect(request.system_message_suffix).toBe(
      `Run the tests.\n\n${gathered}\n\nRun the linter first.`,
    );
    expect(request.pr_number).toEqual([34]);
    expect(AppConversationStartRequestSchema.safeParse(request).success).toBe(true);
  });

  it('goes as the first message where the server takes no task, and with a V0 task’s instructions', () => {
    const v1 = toAppConversationStartRequest(handed('v1'), { suggestedTask: false });
    expect(v1.suggested_task).toBeUndefined();
    expect(v1.initial_message?.content?.[0]).toMatchObject({ type: 'text', text: gathered });
    const v0 = toInitSessionRequest(handed('v0'));
    expect(v0.suggested_task).toMatchObject({ task_type: 'FAILING_CHECKS', issue_number: 34 });
    expect(v0.conversation_instructions).toBe(`Run the tests.\n\n${gathered}`);
    expect(InitSessionRequestSchema.safeParse(v0).success).toBe(true);
  });
});
