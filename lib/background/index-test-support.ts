// A V1 conversation as the server's list gives it, for the index's tests.
export function listedV1(id: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    title: `Conversation ${id}`,
    selected_repository: 'octo/widgets',
    git_provider: 'github',
    sandbox_status: 'RUNNING',
    execution_status: 'running',
    created_at: '2026-05-01T10:00:00Z',
    updated_at: '2026-05-01T10:05:00Z',
    pr_number: [],
    ...fields,
  };
}
