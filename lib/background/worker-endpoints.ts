// The endpoints the worker calls itself (streams, commands, connection test), imported one by
// one so the rest of the contract stays out of its bundle. Pages reach every other endpoint
// through `api.send` with a call they prepared and validated (lib/messaging/worker-client.ts).
import type { RequestSpec } from '@/lib/api/endpoint';
import {
  agentCountEvents,
  agentGetConversationServer,
  agentInterrupt,
  agentPause,
  agentRespondToAskUser,
  agentRespondToConfirmation,
  agentRun,
  agentSearchEvents,
  agentSendMessage,
  v0GetConversation,
  v0GetEvents,
  v0ListConversations,
  v0StartConversation,
  v0StopConversation,
  v1ActivateCredentialBinding,
  v1GetAppConversations,
  v1GetWebClientConfig,
  v1PauseSandbox,
  v1QueuePendingMessage,
  v1ResumeSandbox,
  v1SearchAppConversations,
  v1SearchConversationEvents,
  v1SearchEvents,
} from '@/lib/api/endpoints/live';
import type { Transport } from '@/lib/api/transport';

const workerEndpoints: Record<string, RequestSpec> = {
  'v0.getConversation': v0GetConversation,
  'v0.getEvents': v0GetEvents,
  'v0.listConversations': v0ListConversations,
  'v0.startConversation': v0StartConversation,
  'v0.stopConversation': v0StopConversation,
  'v1.getAppConversations': v1GetAppConversations,
  'v1.searchAppConversations': v1SearchAppConversations,
  'v1.searchEvents': v1SearchEvents,
  'v1.searchConversationEvents': v1SearchConversationEvents,
  'v1.resumeSandbox': v1ResumeSandbox,
  'v1.pauseSandbox': v1PauseSandbox,
  'v1.queuePendingMessage': v1QueuePendingMessage,
  'v1.activateCredentialBinding': v1ActivateCredentialBinding,
  'v1.getWebClientConfig': v1GetWebClientConfig,
  'agent.searchEvents': agentSearchEvents,
  'agent.countEvents': agentCountEvents,
  'agent.getConversationServer': agentGetConversationServer,
  'agent.sendMessage': agentSendMessage,
  'agent.pause': agentPause,
  'agent.interrupt': agentInterrupt,
  'agent.run': agentRun,
  'agent.respondToConfirmation': agentRespondToConfirmation,
  'agent.respondToAskUser': agentRespondToAskUser,
} as unknown as Record<string, RequestSpec>;

export type WorkerEndpoint = keyof typeof workerEndpoints;

/** Calls one of the worker's endpoints by name and resolves with its JSON, unvalidated. */
export function workerCaller(transport: Transport) {
  return {
    async call(name: string, params: unknown): Promise<unknown> {
      const spec = workerEndpoints[name];
      if (!spec) throw new Error(`The worker does not call ${name}`);
      return (await transport.send(name, spec, params)).value;
    },
  };
}
