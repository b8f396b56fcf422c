// An agent server with no app server, spoken to as the rest of Handoff speaks to a V1 server: the
// few app-server calls Handoff makes about conversations (read, list, start and follow the start,
// rename, delete) are answered from the agent server's own routes, and every other call goes on
// as it is. Panels, streams and the conversation index then need no second way of doing things.

import type { RequestSpec } from '../endpoint';
import { ApiError } from '../errors';
import type { PreparedCall, Transport } from '../transport';
import { asAppConversation, asAppConversationPage, loadedSkills } from './records';
import {
  agentDirectConversationSkills,
  agentDirectDeleteConversation,
  agentDirectGetConversations,
  agentDirectSearchConversations,
  agentDirectUpdateConversation,
} from './requests';
import { StartProblem, type StartStatus, startOnAgentServer } from './start';

type Json = Record<string, unknown>;

interface Caller {
  call(name: string, params: unknown): Promise<unknown>;
}

interface StartJob {
  id: string;
  status: StartStatus | 'WORKING' | 'READY' | 'ERROR';
  detail: string | null;
  app_conversation_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Starts under way or recently ended, kept beyond a new client (the settings were saved). */
const jobs = new Map<string, StartJob>();

/** What cancels each start still under way. */
const cancels = new Map<string, AbortController>();

/**
 * Asks a start to stop: only while its repository is being cloned (after that, the start goes
 * on). Whether it was asked in time.
 */
export function cancelStart(id: string): boolean {
  const cancel = cancels.get(id);
  if (!cancel || jobs.get(id)?.status !== 'PREPARING_REPOSITORY') return false;
  cancel.abort();
  return true;
}

/** Start jobs are answered for this long after they end, then forgotten. */
const KEEP_JOB_MS = 30 * 60_000;

function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' && value ? [value] : [];
}

function numberOf(value: unknown): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

export interface AgentDirectClient extends Caller {
  /** Whether a page's prepared call is one this client answers instead of sending it. */
  answers(call: PreparedCall): boolean;
  answerPrepared(call: PreparedCall): Promise<unknown>;
}

export function createAgentDirectClient(
  transport: Transport,
  serverUrl: string,
  passOn: Caller,
  /** Read at each start, so a folder changed in the options applies to the next one. */
  chosenFolder: () => Promise<string | null> = async () => null,
  /** The server's own key: the agent needs it to read the provider token (./start.ts). */
  serverKey: string | null = null,
): AgentDirectClient {
  const send = async (name: string, spec: RequestSpec, params: unknown) =>
    (await transport.send(name, spec, params)).value;

  async function conversations(ids: string[]): Promise<(Json | null)[]> {
    if (!ids.length) return [];
    const found = await send('agentDirect.getConversations', agentDirectGetConversations, { ids });
    const list = Array.isArray(found) ? found : [];
    return ids.map((_, index) => asAppConversation(list[index], serverUrl));
  }

  async function search(query: Json): Promise<Json> {
    const page = await send('agentDirect.searchConversations', agentDirectSearchConversations, {
      limit: numberOf(query.limit),
      ...(typeof query.page_id === 'string' && query.page_id ? { page_id: query.page_id } : {}),
      sort_order: 'UPDATED_AT_DESC',
    });
    return asAppConversationPage(page, serverUrl);
  }

  function start(request: Json): StartJob {
    const now = new Date().toISOString();
    const job: StartJob = {
      id: crypto.randomUUID(),
      status: 'WORKING',
      detail: null,
      app_conversation_id: null,
      created_at: now,
      updated_at: now,
    };
    jobs.set(job.id, job);
    const step = (status: StartJob['status'], detail: string | null) => {
      job.status = status;
      job.detail = detail;
      job.updated_at = new Date().toISOString();
    };
    const cancel = new AbortController();
    cancels.set(job.id, cancel);
    void chosenFolder()
      .catch(() => null)
      .then((folder) =>
        startOnAgentServer({ send }, job.id, request, step, cancel.signal, {
          key: serverKey,
          chosenFolder: folder,
        }),
      )
      .then(
        ({ conversationId }) => {
          job.app_conversation_id = conversationId;
          step('READY', null);
        },
        (error: unknown) => {
          const detail =
            error instanceof StartProblem || error instanceof ApiError
              ? error.message
              : 'The start failed for a reason the server did not give.';
          step('ERROR', detail);
        },
      )
      .finally(() => cancels.delete(job.id));
    for (const [id, old] of jobs) {
      if (Date.now() - Date.parse(old.updated_at) > KEEP_JOB_MS) jobs.delete(id);
    }
    return job;
  }

  function startTasks(ids: string[]): (StartJob | null)[] {
    return ids.map((id) => {
      const job = jobs.get(id);
      if (job) return { ...job };
      // This worker restarted during the start: what became of it cannot be known from here.
      const now = new Date().toISOString();
      return {
        id,
        status: 'ERROR',
        detail:
          'Handoff’s background restarted while this conversation was starting. Look for it in the list; if it is not there, start again.',
        app_conversation_id: null,
        created_at: now,
        updated_at: now,
      };
    });
  }

  /** The answers of the app-server calls, by their names. */
  const answers: Record<string, (params: Json) => Promise<unknown>> = {
    'v1.getAppConversations': (params) => conversations(idsOf(params.ids)),
    'v1.searchAppConversations': (params) => search(params),
    'v1.startAppConversation': async (params) => start(params),
    'v1.getStartTasks': async (params) => startTasks(idsOf(params.ids)),
    'v1.updateAppConversation': async ({ conversation_id, title }) => {
      if (typeof title === 'string') {
        await send('agentDirect.updateConversation', agentDirectUpdateConversation, {
          conversation_id,
          title,
        });
      }
      const [record] = await conversations([String(conversation_id)]);
      if (!record) throw new ApiError('not-found', 'The server no longer has this conversation.');
      return record;
    },
    'v1.getSkills': async ({ conversation_id }) =>
      loadedSkills(
        await send('agentDirect.conversationSkills', agentDirectConversationSkills, {
          conversation_id,
        }),
      ),
    'v1.deleteAppConversation': async ({ conversation_id }) => {
      await send('agentDirect.deleteConversation', agentDirectDeleteConversation, {
        conversation_id,
      });
      return { success: true };
    },
  };

  /** The params a page's prepared call stands for: its query, body and the id in its path. */
  function paramsOf(call: PreparedCall): Json {
    const id = /^\/api\/v1\/app-conversations\/([^/?]+)(?:\/skills)?$/.exec(call.path)?.[1];
    return {
      ...(call.query ?? {}),
      ...(call.body && typeof call.body === 'object' ? (call.body as Json) : {}),
      ...(id ? { conversation_id: decodeURIComponent(id) } : {}),
    };
  }

  return {
    call(name, params) {
      const answer = answers[name];
      return answer ? answer((params ?? {}) as Json) : passOn.call(name, params);
    },
    answers: (call) => Object.hasOwn(answers, call.endpoint),
    answerPrepared(call) {
      const answer = answers[call.endpoint] as (params: Json) => Promise<unknown>;
      return answer(paramsOf(call));
    },
  };
}
