// V0 conversation management (upstream openhands/server/routes/manage_conversations.py, 0.62.0):
// create, list (V0 and V1 merged), get, delete, rename, start, stop, remember-prompt.
import { parseUuid } from '../core/ids';
import { parseIsoMicros, utcNow } from '../core/time';
import { bool, dict, int, model, oneOf, opt, str } from '../http/pydantic';
import { json, UpstreamCrash } from '../http/respond';
import { defineRoute, queryModel, type Route } from '../http/router';
import {
  conversationTriggerValues,
  InitSessionRequestModel,
  ProvidersSetModel,
  UpdateConversationRequestModel,
} from '../models/v0';
import { findRepository } from '../seed/git-world';
import { type RouteHost, requireMetadata, validateConversationId } from './common';

/** `conversation_max_age_seconds` default: conversations older than 10 days are not listed. */
const CONVERSATION_MAX_AGE_SECONDS = 864_000;

const ExperimentConfigModel = model({ config: opt(dict(str(), str())) });

function suggestedTaskPrompt(task: {
  git_provider: string;
  task_type: string;
  repo: string;
  issue_number: number;
}): string {
  const request = task.git_provider === 'gitlab' ? 'merge request' : 'pull request';
  switch (task.task_type) {
    case 'MERGE_CONFLICTS':
      return `You are working on ${request} #${task.issue_number} in repository ${task.repo}. Check out the branch and resolve the merge conflicts.`;
    case 'FAILING_CHECKS':
      return `You are working on ${request} #${task.issue_number} in repository ${task.repo}. Find out why the checks fail and fix them.`;
    case 'UNRESOLVED_COMMENTS':
      return `You are working on ${request} #${task.issue_number} in repository ${task.repo}. Address the unresolved review comments.`;
    case 'OPEN_ISSUE':
      return `You are working on issue #${task.issue_number} in repository ${task.repo}. Read the issue and resolve it.`;
    default:
      throw new UpstreamCrash(`Unsupported task type: ${task.task_type}`);
  }
}

/** `ProviderHandler.verify_repo_provider`: the repository must be reachable with a stored token. */
export function verifyRepository(host: RouteHost, repository: string, provider: string | null) {
  const tokens = host.data.secrets.provider_tokens;
  const repo = findRepository(repository);
  const candidates = [...(provider ? [provider] : []), ...Object.keys(tokens)];
  const reachable = candidates.some(
    (name) => repo && repo.git_provider === name && Boolean(tokens[name]?.token),
  );
  if (!reachable) throw new Error(`Unable to access repo ${repository}`);
}

function paged<T>(items: T[], pageId: string | null, limit: number): [T[], string | null] {
  const start = pageId ? Number.parseInt(pageId, 10) : 0;
  if (Number.isNaN(start)) {
    throw new UpstreamCrash(`invalid literal for int() with base 10: '${pageId}'`);
  }
  const end = start + limit;
  return [items.slice(start, end), end < items.length ? String(end) : null];
}

function byCreatedDesc(a: { created_at: string }, b: { created_at: string }): number {
  return (parseIsoMicros(b.created_at) ?? 0) - (parseIsoMicros(a.created_at) ?? 0);
}

export function v0ConversationRoutes(host: RouteHost): Route[] {
  const { v0, v1 } = host;

  const findAny = (conversationId: string) => {
    const hex = parseUuid(conversationId);
    const app = hex ? v1.conversation(hex) : undefined;
    if (app) return { kind: 'v1' as const, app };
    const record = v0.get(conversationId);
    if (record) return { kind: 'v0' as const, record };
    return null;
  };

  return [
    defineRoute({
      method: 'POST',
      path: '/api/conversations',
      auth: 'v0',
      contract: { source: 'v0' },
      body: { kind: 'model', schema: InitSessionRequestModel(false), required: true },
      handle: async ({ body }) => {
        let repository = body.repository;
        let gitProvider = body.git_provider;
        let initialUserMsg = body.initial_user_msg;
        let trigger = 'gui';
        if (body.suggested_task) {
          initialUserMsg = suggestedTaskPrompt(body.suggested_task);
          trigger = 'suggested_task';
        } else if (body.create_microagent) {
          trigger = 'microagent_management';
          if (!repository && body.create_microagent.repo) repository = body.create_microagent.repo;
          if (!gitProvider && body.create_microagent.git_provider) {
            gitProvider = body.create_microagent.git_provider;
          }
        }
        if (repository) {
          try {
            verifyRepository(host, repository, gitProvider);
          } catch (error) {
            // AuthenticationError → the app's handler: 401 with the message as a bare string.
            return json((error as Error).message, 401);
          }
        }
        const record = v0.create({
          repository: repository ?? null,
          branch: body.selected_branch,
          gitProvider: gitProvider ?? null,
          trigger,
          initialUserMsg: initialUserMsg ?? (body.image_urls?.length ? '' : null),
          imageUrls: body.image_urls ?? [],
          conversationInstructions: body.conversation_instructions,
          replayJson: body.replay_json,
        });
        const settings = host.data.settings;
        if (!settings) {
          return json(
            {
              status: 'error',
              message: 'Settings not found',
              msg_id: 'CONFIGURATION$SETTINGS_NOT_FOUND',
            },
            400,
          );
        }
        const model = String(settings.llm_model ?? '');
        const key = settings.llm_api_key;
        const exempt = model.startsWith('bedrock/') || model.startsWith('lemonade/');
        if (!exempt && (typeof key !== 'string' || key.trim() === '')) {
          return json(
            {
              status: 'error',
              message: 'Error authenticating with the LLM provider. Please check your API key',
              msg_id: 'STATUS$ERROR_LLM_AUTHENTICATION',
            },
            400,
          );
        }
        const loop = await v0.startLoop(record.conversation_id);
        return {
          status: 'ok',
          conversation_id: record.conversation_id,
          message: null,
          conversation_status: loop.status,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/conversations',
      auth: 'v0',
      contract: { source: 'v0' },
      query: queryModel({
        page_id: opt(str()),
        limit: { schema: int(), options: { default: () => 20 } },
        selected_repository: opt(str()),
        conversation_trigger: opt(oneOf(conversationTriggerValues)),
        include_sub_conversations: { schema: bool(), options: { default: () => false } },
      }),
      handle: ({ query }) => {
        let v0PageId: string | null = null;
        let v1PageId: string | null = null;
        if (query.page_id) {
          try {
            const decoded = JSON.parse(Buffer.from(query.page_id, 'base64').toString('utf8'));
            if (typeof decoded !== 'object' || decoded === null) throw new Error('not an object');
            v0PageId = decoded.v0 ?? null;
            v1PageId = decoded.v1 ?? null;
          } catch {
            v0PageId = query.page_id;
          }
        }
        const cutoff = Date.now() - CONVERSATION_MAX_AGE_SECONDS * 1000;
        const young = (item: { created_at: string }) =>
          (parseIsoMicros(item.created_at) ?? 0) / 1000 >= cutoff;
        const v0Sorted = [...v0.records].sort(byCreatedDesc);
        const [v0Page, v0Next] = paged(v0Sorted, v0PageId, query.limit);
        const v1Sorted = Object.values(host.data.app_conversations)
          .filter(young)
          .filter((c) => query.include_sub_conversations || !c.parent_conversation_id)
          .sort(byCreatedDesc);
        const [v1Page, v1Next] = paged(v1Sorted, v1PageId, query.limit);
        const matches = (info: Record<string, unknown>) =>
          (query.selected_repository === null ||
            info.selected_repository === query.selected_repository) &&
          (query.conversation_trigger === null || info.trigger === query.conversation_trigger);
        const results = [
          ...v0Page.filter(young).map((r) => v0.info(r, true)),
          ...v1Page.map((c) => v1.asConversationInfo(c)),
        ]
          .filter(matches)
          .sort((a, b) => byCreatedDesc(a as { created_at: string }, b as { created_at: string }))
          .slice(0, query.limit);
        const nextPageId =
          v0Next || v1Next
            ? Buffer.from(JSON.stringify({ v0: v0Next, v1: v1Next })).toString('base64')
            : null;
        return { results, next_page_id: nextPageId };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/conversations/{conversation_id}',
      auth: 'v0',
      contract: { source: 'v0' },
      depends: [validateConversationId],
      handle: ({ params }) => {
        const found = findAny(params.conversation_id);
        if (!found) return null;
        return found.kind === 'v1' ? v1.asConversationInfo(found.app) : v0.info(found.record);
      },
    }),

    defineRoute({
      method: 'DELETE',
      path: '/api/conversations/{conversation_id}',
      auth: 'v0',
      contract: { source: 'v0' },
      depends: [validateConversationId],
      handle: async ({ params }) => {
        const found = findAny(params.conversation_id);
        if (!found) return false;
        if (found.kind === 'v1') return v1.deleteConversation(found.app.id, 'always');
        return v0.delete(found.record.conversation_id);
      },
    }),

    defineRoute({
      method: 'PATCH',
      path: '/api/conversations/{conversation_id}',
      auth: 'v0',
      contract: { source: 'v0' },
      depends: [validateConversationId],
      body: { kind: 'model', schema: UpdateConversationRequestModel, required: true },
      handle: ({ params, body }) => {
        const title = body.title.trim();
        const found = findAny(params.conversation_id);
        if (!found) {
          return json(
            {
              status: 'error',
              message: 'Conversation not found',
              msg_id: 'CONVERSATION$NOT_FOUND',
            },
            404,
          );
        }
        if (found.kind === 'v1') {
          found.app.title = title;
          found.app.updated_at = utcNow();
          host.persist();
          return true;
        }
        found.record.title = title;
        found.record.last_updated_at = utcNow();
        host.persist();
        v0.announceTitle(found.record);
        return true;
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/conversations/{conversation_id}/start',
      auth: 'v0',
      contract: { source: 'v0' },
      depends: [validateConversationId],
      body: { kind: 'model', schema: ProvidersSetModel, required: true },
      handle: async ({ params }) => {
        const id = params.conversation_id;
        if (!v0.get(id)) return json({ status: 'error', conversation_id: id }, 404);
        if (!host.data.settings) {
          return json(
            {
              status: 'error',
              conversation_id: id,
              message: 'Failed to start conversation: Settings not found',
            },
            500,
          );
        }
        const loop = await v0.startLoop(id);
        return {
          status: 'ok',
          conversation_id: id,
          message: null,
          conversation_status: loop.status,
        };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/conversations/{conversation_id}/stop',
      auth: 'v0',
      contract: { source: 'v0' },
      depends: [validateConversationId],
      handle: async ({ params }) => {
        const id = params.conversation_id;
        const loop = v0.loops.get(id);
        const status = loop ? loop.status : 'STOPPED';
        if (!loop) {
          return {
            status: 'ok',
            conversation_id: id,
            message: 'Conversation was not running',
            conversation_status: status,
          };
        }
        await v0.stopLoop(id);
        return {
          status: 'ok',
          conversation_id: id,
          message: 'Conversation stopped successfully',
          conversation_status: status,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/conversations/{conversation_id}/remember-prompt',
      auth: 'v0',
      contract: { source: 'v0' },
      depends: [
        validateConversationId,
        (_req, params) =>
          void requireMetadata(host, { kind: 'main' }, params.conversation_id ?? ''),
      ],
      query: queryModel({ event_id: int() }),
      handle: ({ params, query }) => {
        if (!host.data.settings) throw new UpstreamCrash('Settings not found');
        const record = requireMetadata(host, { kind: 'main' }, params.conversation_id);
        const around = record.events.filter(
          (e) => Math.abs(e.id - query.event_id) <= 4 && typeof e.message === 'string' && e.message,
        );
        const summary = around.map((e) => `- ${String(e.message).slice(0, 120)}`).join('\n');
        return {
          status: 'success',
          prompt: `Please update the repository microagent with what was learned here:\n${summary || '- (no relevant events)'}`,
        };
      },
    }),

    defineRoute({
      method: 'GET',
      path: '/api/microagent-management/conversations',
      auth: 'v0',
      contract: {
        source: 'documented',
        why: 'docs/contract/v0-rest.md#conversation-routes (0.62.0 route absent from the 0.53.0 document)',
      },
      query: queryModel({
        selected_repository: str(),
        page_id: opt(str()),
        limit: { schema: int(), options: { default: () => 20 } },
      }),
      handle: ({ query }) => {
        const all = [
          ...v0.records.map((r) => v0.info(r, true)),
          ...Object.values(host.data.app_conversations).map((c) => v1.asConversationInfo(c)),
        ]
          .filter(
            (c) =>
              c.trigger === 'microagent_management' &&
              c.selected_repository === query.selected_repository,
          )
          .sort((a, b) => byCreatedDesc(a as { created_at: string }, b as { created_at: string }));
        const [page, next] = paged(all, query.page_id, query.limit);
        return {
          results: page,
          next_page_id: next
            ? Buffer.from(JSON.stringify({ v0: next, v1: null })).toString('base64')
            : null,
        };
      },
    }),

    defineRoute({
      method: 'POST',
      path: '/api/conversations/{conversation_id}/exp-config',
      auth: 'v0',
      contract: {
        source: 'documented',
        why: 'docs/contract/v0-rest.md#conversation-routes (internal 0.62.0 route absent from the 0.53.0 document)',
      },
      depends: [validateConversationId],
      body: { kind: 'model', schema: ExperimentConfigModel, required: true },
      handle: () => false,
    }),
  ];
}
