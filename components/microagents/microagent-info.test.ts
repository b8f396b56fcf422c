import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { isProviderRefusal } from './microagent-info';

describe('telling 401s apart', () => {
  const unauthorized = (serverMessage?: string) =>
    new ApiError('unauthorized', 'The server rejected the API key (401).', {
      status: 401,
      ...(serverMessage === undefined ? {} : { serverMessage }),
    });

  it('a bare string from the git routes is the code host refusing the service', () => {
    expect(isProviderRefusal(unauthorized('Unable to fetch microagents for o/r'))).toBe(true);
  });

  it('the service refusing Handoff’s key is not', () => {
    expect(isProviderRefusal(unauthorized('Unauthorized'))).toBe(false);
    expect(isProviderRefusal(unauthorized('NoCredentialsError'))).toBe(false);
    expect(isProviderRefusal(unauthorized())).toBe(false);
    expect(
      isProviderRefusal(new ApiError('server', 'x', { status: 500, serverMessage: 'y' })),
    ).toBe(false);
  });
});
