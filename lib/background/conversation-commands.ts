import { ApiError, toApiError } from '@/lib/api/errors';
import type { Generation } from '@/lib/api/generation';
import type { ControlAction } from '@/lib/messaging/rpc';
import type { ConversationStream } from '@/lib/stream/conversation-stream';
import { serviceConnection } from './service-client';
import type { StreamHub } from './stream-hub';

const START_TIMEOUT_MS = 120_000;

/** An answer refused by the worker itself: the question it names is closed. */
export const QUESTION_CLOSED = 'HANDOFF$QUESTION_CLOSED';

function v0AgentState(action: ControlAction): string | null {
  switch (action) {
    case 'pause':
    case 'interrupt':
      return 'paused';
    case 'resume':
      return 'running';
    case 'confirm':
      return 'user_confirmed';
    case 'reject':
      return 'user_rejected';
    default:
      return null;
  }
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > START_TIMEOUT_MS) {
      throw new ApiError('timeout', `${what} did not finish within two minutes. Try again.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Starts a stopped conversation (V0) or resumes its sandbox (V1) and waits until it runs. */
async function ensureRunning(
  stream: ConversationStream,
  serverId: string | undefined,
  providersSet?: string[] | null,
): Promise<void> {
  const { client } = await serviceConnection(serverId);
  await stream.refresh();
  if (stream.generation === 'v0') {
    if (
      stream.snapshot().transport.phase !== 'idle' &&
      stream.snapshot().transport.phase !== 'stopped'
    )
      return;
    await client.call('v0.startConversation', {
      conversation_id: stream.conversationId,
      ...(providersSet !== undefined ? { providers_set: providersSet as never } : {}),
    });
  } else {
    const info = stream.v1Info();
    if (info?.sandbox_status === 'RUNNING') return;
    if (!info?.sandbox_id)
      throw new ApiError('not-found', 'This conversation has no sandbox to resume.');
    await client.call('v1.resumeSandbox', { sandbox_id: info.sandbox_id });
  }
  await until(async () => {
    await stream.refresh();
    const phase = stream.snapshot().transport.phase;
    return phase === 'live' || phase === 'connecting' || phase === 'retrying';
  }, 'Starting the conversation');
}

/**
 * Where the conversation's agent server is. The stream's record may predate the sandbox's start
 * (read while it was starting; the panel's own read may already show it running), so a record
 * without the address is read again before the sandbox is called not running.
 */
async function agentRef(stream: ConversationStream) {
  if (!stream.v1Info()?.conversation_url) await stream.refresh();
  const info = stream.v1Info();
  if (!info?.conversation_url) {
    throw new ApiError('conflict', 'The conversation’s sandbox is not running. Start it first.');
  }
  return { conversation_url: info.conversation_url, session_api_key: info.session_api_key ?? null };
}

/** Sends a message, starting the conversation first when it is not running. */
export async function sendMessage(
  hub: StreamHub,
  params: {
    conversationId: string;
    generation: Generation;
    text: string;
    imageUrls: string[];
    serverId?: string | undefined;
  },
): Promise<{ sent: true; runRefused?: true }> {
  const stream = await hub.watch(params.conversationId, params.generation, params.serverId);
  await ensureRunning(stream, params.serverId);
  if (params.generation === 'v0') {
    await stream.sendV0Action({
      action: 'message',
      args: {
        content: params.text,
        image_urls: params.imageUrls,
        file_urls: [],
        timestamp: new Date().toISOString(),
      },
    });
    return { sent: true };
  }
  const { client } = await serviceConnection(params.serverId);
  const content: Record<string, unknown>[] = [{ type: 'text', text: params.text }];
  if (params.imageUrls.length) content.push({ type: 'image', image_urls: params.imageUrls });
  try {
    await client.call('agent.sendMessage', {
      conversation: await agentRef(stream),
      content: content as never,
      run: true,
    });
  } catch (error) {
    // An agent server at its run limit keeps the message and refuses only the run (1.44+): the
    // message is there, so sending it again would say it twice.
    if (toApiError(error).limit === 'run-capacity') return { sent: true, runRefused: true };
    throw error;
  }
  return { sent: true };
}

type ServiceClient = Awaited<ReturnType<typeof serviceConnection>>['client'];

/**
 * Stops the agent's step under way at once (agent servers v1.23+). Older agent servers have no
 * such route: they are paused instead, which lets the current step finish first.
 */
async function interruptAgent(
  client: ServiceClient,
  conversation: Awaited<ReturnType<typeof agentRef>>,
): Promise<void> {
  try {
    await client.call('agent.interrupt', { conversation });
  } catch (error) {
    if (!toApiError(error).isMissingRoute()) throw error;
    await client.call('agent.pause', { conversation });
  }
}

/** Start, stop, pause, resume, confirm or reject, in each interface's own way. */
export async function controlConversation(
  hub: StreamHub,
  params: {
    conversationId: string;
    generation: Generation;
    serverId?: string | undefined;
    action: ControlAction;
    providersSet?: string[] | null;
  },
): Promise<{ done: true }> {
  const stream = await hub.watch(params.conversationId, params.generation, params.serverId);
  const { client } = await serviceConnection(params.serverId);
  const { action } = params;
  if (action === 'start') {
    await ensureRunning(stream, params.serverId, params.providersSet);
  } else if (params.generation === 'v0') {
    if (action === 'stop') {
      await client.call('v0.stopConversation', { conversation_id: params.conversationId });
    } else {
      const agentState = v0AgentState(action);
      if (agentState) {
        await stream.sendV0Action({
          action: 'change_agent_state',
          args: { agent_state: agentState },
        });
      }
    }
  } else if (action === 'stop') {
    const sandbox = stream.v1Info()?.sandbox_id;
    if (!sandbox) throw new ApiError('not-found', 'This conversation has no sandbox to stop.');
    await client.call('v1.pauseSandbox', { sandbox_id: sandbox });
  } else if (action === 'pause') {
    await client.call('agent.pause', { conversation: await agentRef(stream) });
  } else if (action === 'interrupt') {
    await interruptAgent(client, await agentRef(stream));
  } else if (action === 'resume') {
    await client.call('agent.run', { conversation: await agentRef(stream) });
  } else {
    await client.call('agent.respondToConfirmation', {
      conversation: await agentRef(stream),
      accept: action === 'confirm',
    });
  }
  await stream.refresh();
  return { done: true };
}

/**
 * Answers the agent's open question (agent servers 1.54+). The worker's own stream knows which
 * question is open: an answer to another one (a panel showing a question answered since) is
 * refused here rather than sent. Selections go as a list per question, as current servers store
 * them; the first 1.54 form of the route took one object per question and refuses lists (422,
 * nothing stored), so such an answer is sent once more in that form.
 */
export async function answerQuestion(
  hub: StreamHub,
  params: {
    conversationId: string;
    generation: Generation;
    serverId?: string | undefined;
    requestId: string;
    action: 'accept' | 'decline' | 'cancel';
    answers: Record<string, { option_id: string; label: string }[]>;
  },
): Promise<{ done: true }> {
  if (params.generation !== 'v1') {
    throw new ApiError('bad-request', 'Only conversations on an agent server ask questions.');
  }
  const stream = await hub.watch(params.conversationId, params.generation, params.serverId);
  const open = stream.snapshot().conversation.question;
  if (open && (open.requestId !== params.requestId || open.answered)) {
    throw new ApiError('conflict', 'This question was already answered.', {
      msgId: QUESTION_CLOSED,
    });
  }
  const answers = params.action === 'accept' ? params.answers : {};
  const { client } = await serviceConnection(params.serverId);
  const conversation = await agentRef(stream);
  const send = (form: Record<string, unknown>) =>
    client.call('agent.respondToAskUser', {
      conversation,
      request_id: params.requestId,
      action: params.action,
      answers: form,
    });
  try {
    await send(answers);
  } catch (error) {
    const single = Object.values(answers).every((picks) => picks.length === 1);
    if (!single || !Object.keys(answers).length || toApiError(error).kind !== 'validation') {
      throw error;
    }
    await send(Object.fromEntries(Object.entries(answers).map(([id, picks]) => [id, picks[0]])));
  }
  await stream.refresh();
  return { done: true };
}
