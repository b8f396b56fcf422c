import { describe, expect, it } from 'vitest';
import { PreparedCallSchema } from './prepared-call';

const call = (query: unknown) => ({
  endpoint: 'v1SearchAppConversations',
  method: 'GET',
  target: 'server',
  path: '/api/v1/app-conversations/search',
  query,
});

describe('PreparedCallSchema query', () => {
  it('takes any names with text, number, true/false, null or list values, and keeps them', () => {
    const query = {
      page_id: 'abc',
      limit: 20,
      include_sub: false,
      selected_repository: null,
      ids: ['a', 2],
      skipped: undefined,
    };
    const parsed = PreparedCallSchema.safeParse(call(query));
    expect(parsed.success).toBe(true);
    expect(parsed.data?.query).toEqual(query);
  });

  it('refuses a query that is not an object of such values', () => {
    for (const query of ['page_id=abc', ['abc'], null, { nested: { a: 1 } }, { ids: [[1]] }]) {
      expect(PreparedCallSchema.safeParse(call(query)).success, JSON.stringify(query)).toBe(false);
    }
  });
});
