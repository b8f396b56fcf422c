// A fetch stand-in that records every request and answers from a function.
import type { FetchLike } from '@/lib/api';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
  credentials: RequestCredentials | undefined;
  redirect: RequestRedirect | undefined;
  signal: AbortSignal | undefined;
}

/** A form or text body has no JSON reading; the raw `body` is there for it. */
function parsedOrUndefined(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export function fakeFetch(respond: Responder): { fetch: FetchLike; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const body = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: new URL(input),
      headers: new Headers(init.headers),
      body,
      json: body === undefined ? undefined : parsedOrUndefined(body),
      credentials: init.credentials,
      redirect: init.redirect,
      signal: init.signal ?? undefined,
    };
    requests.push(request);
    return respond(request);
  };
  return { fetch, requests };
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });
}

export function textResponse(body: string, contentType: string, init: ResponseInit = {}): Response {
  return new Response(body, {
    status: 200,
    ...init,
    headers: { 'content-type': contentType, ...(init.headers as Record<string, string>) },
  });
}

/** What the web UI's fallback and most proxies send: a whole HTML page. */
export const htmlPage =
  '<!DOCTYPE html><html lang="en"><head><title>OpenHands</title></head><body><div id="root"></div></body></html>';
