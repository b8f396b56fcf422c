// Responses in the forms the upstream servers produce: Starlette's compact JSON, plain text and the
// web UI's index page, plus FastAPI's error bodies.
import type { PydanticError } from './pydantic';

/** Marks a handler's return value as a finished response rather than data to serialise. */
export const RESPONSE: unique symbol = Symbol('service-response');

export interface ServiceResponse {
  [RESPONSE]: true;
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
  /** A body written piece by piece (a streamed JSON array); `body` is then ignored. */
  stream?: AsyncIterable<string>;
}

export function isServiceResponse(value: unknown): value is ServiceResponse {
  return typeof value === 'object' && value !== null && RESPONSE in value;
}

export function json(
  data: unknown,
  status = 200,
  headers: Record<string, string> = {},
): ServiceResponse {
  return {
    [RESPONSE]: true,
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(data === undefined ? null : data),
  };
}

export function text(
  body: string,
  status = 200,
  headers: Record<string, string> = {},
): ServiceResponse {
  return {
    [RESPONSE]: true,
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', ...headers },
    body,
  };
}

export function html(body: string, status = 200): ServiceResponse {
  return {
    [RESPONSE]: true,
    status,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body,
  };
}

/** A response that ends request handling wherever it is thrown (FastAPI's HTTPException). */
export class HttpError extends Error {
  constructor(readonly response: ServiceResponse) {
    super(`HTTP ${response.status}`);
  }
}

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Request Entity Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function reasonPhrase(status: number): string {
  return reasonPhrases[status] ?? 'Unknown';
}

/** `raise HTTPException(status, detail)`: `{"detail": …}`, the reason phrase when no detail. */
export function httpException(status: number, detail?: unknown): HttpError {
  return new HttpError(json({ detail: detail ?? reasonPhrase(status) }, status));
}

/** FastAPI's RequestValidationError answer. */
export function validationError(errors: PydanticError[]): HttpError {
  return new HttpError(json({ detail: errors }, 422));
}

/**
 * An exception upstream does not handle (an assertion, an AttributeError…), reproduced on
 * purpose: it becomes the plain-text 500 below and is not logged as a fault of this service.
 */
export class UpstreamCrash extends Error {
  /**
   * `type`: the Python exception's class; `said`: `str(exc)`, which newer agent servers put in
   * their 500 body (`exception`).
   */
  constructor(
    type: string,
    readonly said = '',
  ) {
    super(type);
  }
}

/** Carries `str(exc)` from the crash to the agent server's 500 body (agent-server/responses.ts). */
export const EXCEPTION_TEXT_HEADER = 'x-reference-exception-text';

/** An unhandled exception: Starlette's ServerErrorMiddleware answers with plain text. */
export function internalServerError(said = ''): ServiceResponse {
  return text('Internal Server Error', 500, said ? { [EXCEPTION_TEXT_HEADER]: said } : {});
}

/** The single page the upstream server falls back to for any unknown GET (SPAStaticFiles). */
export function spaIndex(): ServiceResponse {
  return html(`<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>OpenHands</title>
  </head>
  <body>
    <div id="root"></div>
    <noscript>This is the web UI of the local reference service. It has no interface of its own.</noscript>
  </body>
</html>
`);
}
