import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './without-secrets';

describe('withoutSecrets', () => {
  it('drops every field that holds a credential, at any depth', () => {
    const record = {
      id: 'c1',
      session_api_key: 'sandbox-key',
      conversation_url: 'http://localhost:40001/api/conversations/c1',
      agent: { llm: { model: 'x', api_key: 'sk-llm' } },
      mcp_config: { sse_servers: [{ url: 'https://mcp.test', api_key: 'mcp-key' }] },
      provider_tokens: { github: { token: 'ghp_x' } },
      secrets: { DB: 'pw' },
      headers: { Authorization: 'Bearer x', 'X-Session-API-Key': 'k' },
      metrics: { prompt_tokens: 10, accumulated_token_usage: { completion_tokens: 3 } },
    };
    expect(withoutSecrets(record)).toEqual({
      id: 'c1',
      conversation_url: 'http://localhost:40001/api/conversations/c1',
      agent: { llm: { model: 'x' } },
      mcp_config: { sse_servers: [{ url: 'https://mcp.test' }] },
      headers: {},
      metrics: { prompt_tokens: 10, accumulated_token_usage: { completion_tokens: 3 } },
    });
  });

  it('blanks credentials in URLs and keeps the rest of the text', () => {
    expect(
      withoutSecrets({
        url: 'http://localhost:8001/?tkn=abc123&folder=/workspace',
        socket: 'ws://h/sockets/events/c1?resend_all=true&session_api_key=sk-1',
      }),
    ).toEqual({
      url: 'http://localhost:8001/?tkn=[removed]&folder=/workspace',
      socket: 'ws://h/sockets/events/c1?resend_all=true&session_api_key=[removed]',
    });
  });

  it('keeps counts whose names end like a credential: V1 token usage stays whole', () => {
    const usage = {
      model: 'litellm_proxy/claude-sonnet-4-5-20250929',
      prompt_tokens: 58214,
      per_turn_token: 11904,
      context_window: 200000,
    };
    expect(withoutSecrets({ value: { token_usages: [usage] } })).toEqual({
      value: { token_usages: [usage] },
    });
    // A credential under the same kind of name still goes, and so does an empty one.
    expect(withoutSecrets({ token: 'ghp_x', refresh_token: null, per_turn_token: 3 })).toEqual({
      per_turn_token: 3,
    });
  });
});
