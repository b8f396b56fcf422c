// "Test connection" (docs/contract/server-generations.md#connection-test) against fake servers
// shaped like the real deployments.
import { describe, expect, it } from 'vitest';
import { detectServer, type FetchLike } from '@/lib/api';
import {
  fakeFetch,
  htmlPage,
  jsonResponse,
  type RecordedRequest,
  textResponse,
} from './testing/fake-fetch';

const page = { items: [], next_page_id: null };
const unauthorized = () => jsonResponse({ detail: 'Unauthorized' }, { status: 401 });
const spaFallback = () => textResponse(htmlPage, 'text/html; charset=utf-8');

/**
 * Self-hosted 0.62.0 with SESSION_API_KEY: V0 behind the key, V1 without auth
 * (docs/contract/auth.md#credentials-by-deployment).
 */
function selfHosted(key: string | null) {
  return fakeFetch((request: RecordedRequest) => {
    const path = request.url.pathname;
    if (path === '/alive') return jsonResponse({ status: 'ok' });
    if (path.startsWith('/api/v1/')) return jsonResponse(page);
    if (key && request.headers.get('x-session-api-key') !== key) return unauthorized();
    if (path === '/api/options/config') return jsonResponse({ APP_MODE: 'oss', FEATURE_FLAGS: {} });
    if (path === '/api/settings')
      return jsonResponse({ error: 'Settings not found' }, { status: 404 });
    return spaFallback();
  });
}

/** The 2026 hosted service: no V0 routes (web UI fallback), V1 behind a Bearer key. */
function hosted(key: string) {
  return fakeFetch((request: RecordedRequest) => {
    const path = request.url.pathname;
    if (path === '/alive') return jsonResponse({ status: 'ok' });
    // The one /api/v1 route without a key.
    if (path === '/api/v1/web-client/config') return jsonResponse({ app_mode: 'saas' });
    if (path.startsWith('/api/v1/')) {
      return request.headers.get('authorization') === `Bearer ${key}`
        ? jsonResponse(page)
        : unauthorized();
    }
    return spaFallback();
  });
}

describe('detectServer', () => {
  it('recognises a self-hosted server with both APIs and a working key', async () => {
    const { fetch, requests } = selfHosted('s3cret');
    const result = await detectServer({
      baseUrl: 'http://localhost:3000',
      apiKey: 's3cret',
      fetch,
    });
    expect(result).toMatchObject({
      baseUrl: 'http://localhost:3000',
      reachable: true,
      alive: true,
      mode: 'oss',
      kind: 'legacy',
      v0: true,
      v1: true,
      keyAccepted: true,
      keyRequired: true,
      authScheme: 'session-key',
    });
    expect(result.summary).toBe(
      'Found an older self-hosted OpenHands server (0.x). The API key works, sent as X-Session-API-Key.',
    );
    expect(requests.some((request) => request.headers.get('authorization'))).toBe(false);
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('says the key is wrong when both headers are rejected', async () => {
    const { fetch } = selfHosted('s3cret');
    const result = await detectServer({ baseUrl: 'http://localhost:3000', apiKey: 'wrong', fetch });
    expect(result).toMatchObject({ v0: true, v1: true, keyAccepted: false, authScheme: null });
    expect(result.summary).toMatch(/rejected the API key \(401\) with both headers/);
  });

  it('says a key is needed when none is configured', async () => {
    const { fetch } = selfHosted('s3cret');
    const result = await detectServer({ baseUrl: 'http://localhost:3000', fetch });
    expect(result).toMatchObject({ v0: true, keyRequired: true, keyAccepted: null });
    expect(result.summary).toMatch(/It needs an API key: add it in Handoff's options\.$/);
  });

  it('tells a key the server does not need from one it checks', async () => {
    const { fetch } = selfHosted(null);
    const result = await detectServer({ baseUrl: 'http://localhost:3000', apiKey: 'spare', fetch });
    expect(result).toMatchObject({ keyAccepted: true, keyRequired: false });
    expect(result.summary).toMatch(/The API key works \(the server does not require one\)/);
    const none = await detectServer({ baseUrl: 'http://localhost:3000', fetch });
    expect(none).toMatchObject({ keyRequired: false, keyAccepted: null });
    expect(none.summary).toMatch(/No API key is needed\.$/);
  });

  it('recognises the hosted service: V1 only, Bearer', async () => {
    const { fetch } = hosted('sk-oh');
    const result = await detectServer({
      baseUrl: 'https://app.all-hands.dev',
      apiKey: 'sk-oh',
      fetch,
    });
    expect(result).toMatchObject({
      mode: 'saas',
      kind: 'hosted',
      v0: false,
      v1: true,
      keyAccepted: true,
      keyRequired: true,
      authScheme: 'bearer',
    });
    expect(result.summary).toBe(
      'Found the hosted OpenHands service. The API key works, sent as Authorization: Bearer.',
    );
  });

  it('falls back to Bearer when X-Session-API-Key is refused', async () => {
    const { fetch } = hosted('sk-oh');
    const result = await detectServer({
      baseUrl: 'https://openhands.example.test',
      apiKey: 'sk-oh',
      fetch,
    });
    expect(result).toMatchObject({ v1: true, keyAccepted: true, authScheme: 'bearer' });
    expect(result.checks.map((check) => check.request)).toContain(
      'GET /api/v1/app-conversations/search?limit=1 (X-Session-API-Key)',
    );
  });

  it('notices a server with V1 disabled (HTML fallback on /api/v1)', async () => {
    const { fetch } = fakeFetch((request) => {
      const path = request.url.pathname;
      if (path === '/alive') return jsonResponse({ status: 'ok' });
      if (path === '/api/options/config') return jsonResponse({ APP_MODE: 'oss' });
      if (path === '/api/settings') return jsonResponse({ llm_model: 'x', llm_api_key_set: true });
      return spaFallback();
    });
    const result = await detectServer({ baseUrl: 'http://localhost:3000', fetch });
    expect(result).toMatchObject({ v0: true, v1: false, mode: 'oss', kind: 'legacy' });
    expect(result.summary).toMatch(/^Found an older self-hosted OpenHands server \(0\.x\)\./);
  });

  it('recognises a self-hosted 1.x server by its web client config, and its key on /api/v1', async () => {
    const { fetch, requests } = fakeFetch((request) => {
      const path = request.url.pathname;
      if (path === '/alive') return jsonResponse({ status: 'ok' });
      if (path === '/api/v1/web-client/config') return jsonResponse({ app_mode: 'oss' });
      if (path.startsWith('/api/v1/')) {
        return request.headers.get('x-session-api-key') === 'k1'
          ? jsonResponse(page)
          : unauthorized();
      }
      return spaFallback();
    });
    const result = await detectServer({ baseUrl: 'http://10.0.0.5:3000', apiKey: 'k1', fetch });
    expect(result).toMatchObject({
      kind: 'v1',
      mode: 'oss',
      v0: false,
      v1: true,
      keyAccepted: true,
      keyRequired: true,
    });
    expect(result.summary).toBe(
      'Found a self-hosted OpenHands 1.x server. The API key works, sent as X-Session-API-Key.',
    );
    const config = requests.find((request) => request.url.pathname === '/api/v1/web-client/config');
    expect(config?.headers.get('x-session-api-key')).toBeNull();
  });

  it('recognises an agent server reached directly, with its version', async () => {
    const { fetch } = fakeFetch((request) => {
      const path = request.url.pathname;
      if (path === '/alive') return jsonResponse({ status: 'ok' });
      if (path === '/server_info') {
        return jsonResponse({ title: 'OpenHands Agent Server', version: '1.43.1', uptime: 3 });
      }
      return jsonResponse({ detail: 'Not Found' }, { status: 404 });
    });
    const result = await detectServer({ baseUrl: 'http://10.0.0.5:8000', apiKey: 'k', fetch });
    expect(result).toMatchObject({ kind: 'agent', version: '1.43.1', v0: false, v1: false });
    expect(result.summary).toMatch(/^Found an OpenHands agent server 1\.43\.1/);
  });

  /** An agent server alone, with its key on `/api/settings` as upstream checks it. */
  function agentServer(version: string, key: string) {
    return fakeFetch((request) => {
      const path = request.url.pathname;
      if (path === '/alive') return jsonResponse({ status: 'ok' });
      if (path === '/server_info')
        return jsonResponse({ title: 'OpenHands Agent Server', version });
      if (path === '/api/settings') {
        return request.headers.get('x-session-api-key') === key
          ? jsonResponse({ agent_settings: {} })
          : unauthorized();
      }
      return jsonResponse({ detail: 'Not Found' }, { status: 404 });
    });
  }

  it('checks an agent server’s key on its settings, in the one header it reads', async () => {
    const good = await detectServer({
      baseUrl: 'http://10.0.0.5:8000',
      apiKey: 'k',
      fetch: agentServer('1.43.1', 'k').fetch,
    });
    expect(good).toMatchObject({ kind: 'agent', keyAccepted: true, authScheme: 'session-key' });
    const wrong = await detectServer({
      baseUrl: 'http://10.0.0.5:8000',
      apiKey: 'nope',
      fetch: agentServer('1.43.1', 'k').fetch,
    });
    expect(wrong.keyAccepted).toBe(false);
    expect(wrong.summary).toMatch(/rejected the API key/);
    const none = await detectServer({
      baseUrl: 'http://10.0.0.5:8000',
      apiKey: '',
      fetch: agentServer('1.43.1', 'k').fetch,
    });
    expect(none).toMatchObject({ keyAccepted: null, keyRequired: true });
  });

  it('says plainly when an agent server is older than Handoff can use', async () => {
    const result = await detectServer({
      baseUrl: 'http://10.0.0.5:8000',
      apiKey: 'k',
      fetch: agentServer('1.27.4', 'k').fetch,
    });
    expect(result.summary).toMatch(/1\.27\.4.*needs 1\.28\.0 or newer/);
  });

  it('reports an unreachable server', async () => {
    const fetch: FetchLike = () => Promise.reject(new TypeError('fetch failed'));
    const result = await detectServer({ baseUrl: 'http://localhost:3999', apiKey: 'k', fetch });
    expect(result).toMatchObject({ reachable: false, v0: false, v1: false, keyAccepted: null });
    expect(result.error?.kind).toBe('network');
    expect(result.summary).toMatch(/^Could not reach the server at localhost:3999/);
  });

  it('reports a web server that is not the service', async () => {
    const { fetch } = fakeFetch(() => spaFallback());
    const result = await detectServer({ baseUrl: 'https://example.test', apiKey: 'k', fetch });
    expect(result).toMatchObject({
      reachable: true,
      alive: false,
      v0: false,
      v1: false,
      keyAccepted: null,
    });
    expect(result.kind).toBeNull();
    expect(result.summary).toBe(
      'https://example.test answers, but no OpenHands server was found there. Check the address.',
    );
  });

  it('reports an unusable address without any request', async () => {
    const { fetch, requests } = fakeFetch(() => jsonResponse({}));
    const result = await detectServer({ baseUrl: 'localhost:3000', fetch });
    expect(result.error?.kind).toBe('invalid-url');
    expect(result.reachable).toBe(false);
    expect(result.summary).toMatch(/needs to start with http:\/\/ or https:\/\//);
    expect(requests).toHaveLength(0);
  });
});
