// Tests that expect a call to fail: the ApiError it failed with, or the test fails itself.
import { ApiError } from '@/lib/api/errors';

export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with an ApiError');
}
