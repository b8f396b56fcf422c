import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { nextStepOf } from './next-step';

describe('nextStepOf', () => {
  it('sends a missing route or a web page where data was expected to the connection test', () => {
    const notFound = new ApiError('not-found', 'Not found (404).', {
      status: 404,
      serverMessage: 'Not Found',
    });
    const page = new ApiError('bad-response', 'A web page.', { status: 200, bodyType: 'html' });
    for (const error of [notFound, page]) {
      expect(nextStepOf(error)).toBe(
        'Check the server’s address with Test connection in Handoff’s options.',
      );
    }
  });

  it('says how long to wait when the server said so, at least a second', () => {
    expect(
      nextStepOf(new ApiError('rate-limited', 'Too many.', { status: 429, retryAfter: 7 })),
    ).toBe('Wait 7 s, then try again.');
    expect(
      nextStepOf(new ApiError('rate-limited', 'Too many.', { status: 429, retryAfter: 0 })),
    ).toBe('Wait 1 s, then try again.');
    expect(nextStepOf(new ApiError('rate-limited', 'Too many.', { status: 429 }))).toBe(
      'Wait a moment, then try again.',
    );
  });

  it('adds nothing where the message already says what to do, or names what is missing', () => {
    expect(nextStepOf(null)).toBeNull();
    expect(nextStepOf(new ApiError('unauthorized', 'Add the key.', { status: 401 }))).toBeNull();
    expect(
      nextStepOf(
        new ApiError('not-found', 'Conversation not found.', {
          status: 404,
          serverMessage: 'Conversation abc not found',
        }),
      ),
    ).toBeNull();
  });
});
