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
});
