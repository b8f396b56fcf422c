import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { nextStepFor } from './SettingsErrorNotice';

const missing = (endpoint: string) =>
  new ApiError('not-found', 'The server has no such route', {
    status: 404,
    serverMessage: 'Not Found',
    endpoint,
  });

describe('nextStepFor', () => {
  it('names the agent-server release a missing secrets or MCP route came with', () => {
    expect(nextStepFor(missing('agent.listSecrets'), 'secrets')).toBe(
      'This agent server is too old for custom secrets: they came with agent server 1.20.1. Update it, test the connection again under Server, then try again.',
    );
    expect(nextStepFor(missing('agent.createMcpServer'), 'mcp')).toMatch(
      /too old for MCP servers: they came with agent server 1\.39\.0/,
    );
  });

  it('says to check the address for other missing routes, and the key for a refused one', () => {
    expect(nextStepFor(missing('agent.getSettings'), 'settings')).toMatch(/does not offer/);
    expect(
      nextStepFor(new ApiError('unauthorized', 'Refused', { status: 401 }), 'secrets'),
    ).toMatch(/Check the API key under Server/);
  });

  it('does not call a secret the server does not hold a missing route', () => {
    const gone = new ApiError('not-found', 'Not found', {
      status: 404,
      serverMessage: 'Secret not found',
      endpoint: 'agent.deleteSecret',
    });
    expect(nextStepFor(gone, 'secrets')).toBeNull();
  });
});
