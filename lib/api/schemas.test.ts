// Request schemas are exact and apply the server's own rules; response schemas are lenient.
import { describe, expect, it } from 'vitest';
import {
  AppConversationSchema,
  AppConversationStartRequestSchema,
  AppSettingsSchema,
  AppSettingsUpdateRequestSchema,
  appSettingsConfirmationMode,
  appSettingsModel,
  ConversationInfoSchema,
  conversationStatusValues,
  InitSessionRequestSchema,
  isKnownValue,
  MCPConfigRequestSchema,
  McpServerRequestSchema,
  SandboxInfoSchema,
  SecretCreateRequestSchema,
  SendMessageRequestSchema,
  SettingsSchema,
  splitShellWords,
  startRequestProblem,
  V0UserActionSchema,
} from '@/lib/api';

function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('InitSessionRequest (extra="forbid" upstream)', () => {
  it('rejects unknown fields, as the server would with 422', () => {
    const result = InitSessionRequestSchema.safeParse({ repository: 'a/b', branch: 'main' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('rejects a provider value the server does not know, and accepts every known one', () => {
    expect(InitSessionRequestSchema.safeParse({ git_provider: 'sourcehut' }).success).toBe(false);
    for (const provider of ['github', 'gitlab', 'bitbucket', 'azure_devops', 'forgejo']) {
      expect(InitSessionRequestSchema.safeParse({ git_provider: provider }).success).toBe(true);
    }
  });

  it('accepts the minimal hand-off body of docs/contract/v0-rest.md#create-request', () => {
    expect(
      InitSessionRequestSchema.parse({
        repository: 'group/sub/project',
        git_provider: 'gitlab',
        selected_branch: 'feature/x',
        initial_user_msg: 'Fix it',
        conversation_instructions: 'Be brief',
      }),
    ).toEqual({
      repository: 'group/sub/project',
      git_provider: 'gitlab',
      selected_branch: 'feature/x',
      initial_user_msg: 'Fix it',
      conversation_instructions: 'Be brief',
    });
  });
});

describe('MCPConfig (docs/contract/v0-rest.md#provider-tokens-and-mcp-servers)', () => {
  const parse = (config: unknown) => MCPConfigRequestSchema.safeParse(config);

  it('accepts args as a shell-like string and env as "K=V,K2=V2", like upstream', () => {
    const result = parse({
      stdio_servers: [
        {
          name: ' tavily ',
          command: ' npx ',
          args: `-y mcp-remote --header "Authorization: Bearer x" 'it''s'`,
          env: 'TAVILY_API_KEY=tvly-1, DEBUG=,URL=http://a?b=c',
        },
      ],
    });
    expect(result.success).toBe(true);
    expect(result.data?.stdio_servers?.[0]).toEqual({
      name: 'tavily',
      command: 'npx',
      args: ['-y', 'mcp-remote', '--header', 'Authorization: Bearer x', 'its'],
      env: { TAVILY_API_KEY: 'tvly-1', DEBUG: '', URL: 'http://a?b=c' },
    });
  });

  it('applies the stdio name, command and env rules', () => {
    const server = { name: 'ok', command: 'uvx' };
    expect(messagesOf(parse({ stdio_servers: [{ ...server, name: '' }] }))).toEqual([
      'Server name cannot be empty',
    ]);
    expect(messagesOf(parse({ stdio_servers: [{ ...server, name: 'my server' }] }))[0]).toMatch(
      /only contain letters, numbers, hyphens, and underscores/,
    );
    expect(messagesOf(parse({ stdio_servers: [{ ...server, command: 'npx -y pkg' }] }))[0]).toMatch(
      /single executable without spaces/,
    );
    expect(messagesOf(parse({ stdio_servers: [{ ...server, env: 'NOVALUE' }] }))[0]).toBe(
      "Environment variable 'NOVALUE' must be in KEY=VALUE format",
    );
    expect(messagesOf(parse({ stdio_servers: [{ ...server, env: '1BAD=x' }] }))[0]).toMatch(
      /Invalid environment variable name '1BAD'/,
    );
    expect(messagesOf(parse({ stdio_servers: [{ ...server, env: { 'A-B': 'x' } }] }))[0]).toMatch(
      /Invalid environment variable name 'A-B'/,
    );
    expect(messagesOf(parse({ stdio_servers: [{ ...server, args: '"open' }] }))[0]).toMatch(
      /Invalid argument format: No closing quotation/,
    );
  });

  it('requires an http/https/ws/wss URL with a host', () => {
    expect(parse({ sse_servers: [{ url: 'wss://mcp.example.test/sse' }] }).success).toBe(true);
    expect(messagesOf(parse({ sse_servers: [{ url: 'ftp://mcp.example.test' }] }))).toEqual([
      'URL scheme must be http, https, ws, or wss',
    ]);
    expect(messagesOf(parse({ shttp_servers: [{ url: 'mcp.example.test/mcp' }] }))).toEqual([
      'URL must include a scheme (http:// or https://)',
    ]);
    expect(messagesOf(parse({ sse_servers: ['http:///path'] }))).toEqual([
      'URL must include a valid domain/host',
    ]);
  });

  it('bounds the shttp timeout to 1–3600 seconds', () => {
    const url = 'https://mcp.example.test/mcp';
    expect(parse({ shttp_servers: [{ url, timeout: 1 }] }).success).toBe(true);
    expect(parse({ shttp_servers: [{ url, timeout: 3600 }] }).success).toBe(true);
    expect(messagesOf(parse({ shttp_servers: [{ url, timeout: 0 }] }))).toEqual([
      'Timeout must be positive',
    ]);
    expect(messagesOf(parse({ shttp_servers: [{ url, timeout: 3601 }] }))).toEqual([
      'Timeout cannot exceed 3600 seconds',
    ]);
  });

  it('rejects duplicate server URLs and unknown keys', () => {
    const duplicate = parse({
      sse_servers: ['https://mcp.example.test/a'],
      shttp_servers: [{ url: 'https://mcp.example.test/a' }],
    });
    expect(messagesOf(duplicate)[0]).toMatch(/^Duplicate MCP server URLs are not allowed/);
    expect(duplicate.error?.issues[0]?.path).toEqual(['shttp_servers', 0, 'url']);
    expect(parse({ sse_servers: [], ws_servers: [] }).success).toBe(false);
    expect(parse({ sse_servers: [{ url: 'https://a.test', token: 'x' }] }).success).toBe(false);
  });

  it('splits shell words the POSIX way', () => {
    expect(splitShellWords(`a  "b c" 'd "e"' f\\ g "h\\"i" ""`)).toEqual([
      'a',
      'b c',
      'd "e"',
      'f g',
      'h"i',
      '',
    ]);
    expect(() => splitShellWords('trailing\\')).toThrow('No escaped character');
  });
});

describe('other request bodies', () => {
  it('sends images the SDK way, not the web UI’s image_url form', () => {
    expect(
      SendMessageRequestSchema.safeParse({
        content: [{ type: 'image', image_urls: ['data:image/png;base64,AA=='] }],
      }).success,
    ).toBe(true);
    expect(
      SendMessageRequestSchema.safeParse({
        content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } }],
      }).success,
    ).toBe(false);
    expect(
      SendMessageRequestSchema.safeParse({ content: [{ type: 'text', text: 'x', bold: true }] })
        .success,
    ).toBe(false);
  });

  it('only lets a client send the agent states docs/contract/v0-socket.md#sending-actions allows', () => {
    const action = (agent_state: string) => ({
      action: 'change_agent_state',
      args: { agent_state },
    });
    expect(V0UserActionSchema.safeParse(action('user_confirmed')).success).toBe(true);
    expect(V0UserActionSchema.safeParse(action('finished')).success).toBe(false);
    expect(V0UserActionSchema.parse({ action: 'message', args: { content: 'hi' } })).toEqual({
      action: 'message',
      args: { content: 'hi', image_urls: [], file_urls: [] },
    });
  });
});

describe('response schemas are lenient', () => {
  it('reads absent and null alike and keeps unknown fields', () => {
    const absent = ConversationInfoSchema.parse({ conversation_id: 'c1', title: 't' });
    const nulls = ConversationInfoSchema.parse({
      conversation_id: 'c1',
      title: 't',
      url: null,
      runtime_status: null,
      extra: [1],
    });
    expect(absent.url ?? null).toBe(nulls.url ?? null);
    expect(nulls.extra).toEqual([1]);
  });

  it('accepts enum values added by later servers', () => {
    expect(
      AppConversationSchema.parse({ id: 'a', execution_status: 'deleting' }).execution_status,
    ).toBe('deleting');
    expect(SandboxInfoSchema.parse({ id: 's', status: 'HIBERNATING' }).status).toBe('HIBERNATING');
    expect(isKnownValue(conversationStatusValues, 'ARCHIVED')).toBe(true);
    expect(isKnownValue(conversationStatusValues, 'HIBERNATING')).toBe(false);
  });

  it('reads the settings model with provider_tokens_set', () => {
    const settings = SettingsSchema.parse({
      llm_model: 'x',
      llm_api_key: null,
      llm_api_key_set: true,
      provider_tokens_set: { github: null, gitlab: 'gitlab.example.com' },
    });
    expect(settings.provider_tokens_set).toEqual({ github: null, gitlab: 'gitlab.example.com' });
  });
});

describe('1.x app-server requests (docs/contract/v1-app-server.md)', () => {
  const task = {
    git_provider: 'github',
    task_type: 'OPEN_ISSUE',
    repo: 'octo-org/widgets',
    issue_number: 477,
    title: 'Lexer crashes on emoji',
  } as const;

  it('starts from a suggested task, but never with a first message of its own', () => {
    expect(AppConversationStartRequestSchema.safeParse({ suggested_task: task }).success).toBe(
      true,
    );
    const both = { suggested_task: task, initial_message: { content: [] } };
    expect(startRequestProblem(both)).toMatch(/leave initial_message out/);
    expect(messagesOf(AppConversationStartRequestSchema.safeParse(both))).toEqual([
      'Send either initial_message or suggested_task, not both',
    ]);
    expect(startRequestProblem({ suggested_task: task, initial_message: null })).toBeNull();
  });

  it('knows the 1.x task types (no CREATE_MICROAGENT) and stays exact', () => {
    const microagent = { suggested_task: { ...task, task_type: 'CREATE_MICROAGENT' } };
    expect(AppConversationStartRequestSchema.safeParse(microagent).success).toBe(false);
    expect(AppConversationStartRequestSchema.safeParse({ mcp_config: {} }).success).toBe(false);
    expect(
      AppConversationStartRequestSchema.safeParse({
        agent_profile_id: 'p',
        public: true,
        plugins: [{ source: 'github:o/r', ref: 'v1' }],
        secrets: { API_TOKEN: 'x' },
      }).success,
    ).toBe(true);
  });

  it('saves settings as diffs only: the nested keys of the answer are refused', () => {
    const read = { agent_settings: { llm: { model: 'x' } } };
    expect(AppSettingsUpdateRequestSchema.safeParse(read).success).toBe(false);
    expect(
      AppSettingsUpdateRequestSchema.safeParse({
        agent_settings_diff: { llm: { model: 'x' }, condenser: { max_size: 120 } },
        conversation_settings_diff: { confirmation_mode: true },
      }).success,
    ).toBe(true);
    expect(
      AppSettingsUpdateRequestSchema.safeParse({
        conversation_settings_diff: { confirmaton_mode: true },
      }).success,
    ).toBe(false);
  });

  it('takes an MCP server with either a url or a command', () => {
    expect(McpServerRequestSchema.safeParse({ url: 'https://m.example/mcp' }).success).toBe(true);
    expect(McpServerRequestSchema.safeParse({ command: 'uvx', args: ['x'] }).success).toBe(true);
    expect(McpServerRequestSchema.safeParse({}).success).toBe(false);
    expect(McpServerRequestSchema.safeParse({ url: 'u', command: 'c' }).success).toBe(false);
  });

  it('takes back every field of the SDK’s MCP server as read, and nothing else', () => {
    const asRead = {
      url: 'https://m.example/sse',
      transport: 'sse',
      description: 'Docs',
      icon: 'https://m.example/icon.png',
      timeout: 30,
      sse_read_timeout: 300,
      keep_alive: true,
      headers: { Authorization: '**********' },
      auth: { strategy: 'bearer', token: '**********' },
      enabled: false,
    };
    expect(McpServerRequestSchema.safeParse(asRead).success).toBe(true);
    expect(McpServerRequestSchema.safeParse({ ...asRead, colour: 'blue' }).success).toBe(false);
  });

  it('names secrets like environment variables, as the sandbox needs', () => {
    expect(SecretCreateRequestSchema.safeParse({ name: '_NPM_TOKEN2', value: 'x' }).success).toBe(
      true,
    );
    expect(SecretCreateRequestSchema.safeParse({ name: 'npm-token', value: 'x' }).success).toBe(
      false,
    );
  });

  it('reads the model and confirmation mode of nested or flat settings', () => {
    const nested = AppSettingsSchema.parse({
      agent_settings: { llm: { model: 'anthropic/claude' } },
      conversation_settings: { confirmation_mode: true },
    });
    expect(appSettingsModel(nested)).toBe('anthropic/claude');
    expect(appSettingsConfirmationMode(nested)).toBe(true);
    const flat = AppSettingsSchema.parse({ llm_model: 'openai/gpt-5', confirmation_mode: false });
    expect(appSettingsModel(flat)).toBe('openai/gpt-5');
    expect(appSettingsConfirmationMode(flat)).toBe(false);
    expect(appSettingsModel(AppSettingsSchema.parse({}))).toBeNull();
  });
});
