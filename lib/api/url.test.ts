import { describe, expect, it } from 'vitest';
import { agentServerBaseUrl, resolveServerUrl } from './url';

describe('addresses a server hands out', () => {
  it('puts the configured host in place of localhost, keeping scheme, port and path', () => {
    expect(
      resolveServerUrl(
        'https://openhands.example.test',
        'http://localhost:38211/api/conversations/ab',
      ).href,
    ).toBe('http://openhands.example.test:38211/api/conversations/ab');
    expect(resolveServerUrl('http://10.0.0.5:3000', 'http://127.0.0.1:4000/x').href).toBe(
      'http://10.0.0.5:4000/x',
    );
  });

  it('leaves other hosts alone, and loopback when the server itself is local', () => {
    expect(resolveServerUrl('http://10.0.0.5:3000', 'https://sandbox.example.test/x').href).toBe(
      'https://sandbox.example.test/x',
    );
    expect(resolveServerUrl('http://localhost:3000', 'http://localhost:4000/x').href).toBe(
      'http://localhost:4000/x',
    );
    expect(resolveServerUrl('http://127.0.0.1:3000', 'http://localhost:4000/x').href).toBe(
      'http://127.0.0.1:4000/x',
    );
  });

  it('gives root-relative addresses the server’s path prefix', () => {
    expect(resolveServerUrl('https://example.test/openhands', '/api/conversations/1').href).toBe(
      'https://example.test/openhands/api/conversations/1',
    );
  });

  it('finds the agent-server base of plain and ACP conversation addresses', () => {
    expect(
      agentServerBaseUrl('http://localhost:4100/prefix/api/conversations/abc', 'http://srv.test'),
    ).toBe('http://srv.test:4100/prefix');
    expect(agentServerBaseUrl('http://sandbox.test/api/acp/conversations/abc')).toBe(
      'http://sandbox.test',
    );
  });
});
