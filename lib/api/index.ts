// The service contract in code (see docs/contract/README.md). Import from here:
//   import { createApiClient, parseEvent, ApiError } from '@/lib/api';
//
// - Client: `createApiClient(config)` → `client.v0.getConversation({conversation_id})`, or by
//   name through `client.call('v0.getConversation', params)`; the method table is
//   `apiEndpoints` (each with a zod `params` schema for validating remote calls).
// - The same client in two halves, for the background worker (whose whole bundle must stay
//   under 64 KB gzipped): `createRawClient(config).call(name, params)` sends a call and
//   resolves with the unvalidated JSON answer, using only the request table
//   `endpointRequests`; pages validate that answer with `parseEndpointResult(name, raw)`
//   against the response table `endpointResponses`. The worker reads events with the zod-free
//   `readEventEnvelope(raw)` instead of `parseEvent`. Bundles that must stay small import
//   those from their modules (./raw-client, ./endpoints/requests, ./envelope), not from here.
// - Events: `parseEvent(raw)` → `ApiEvent` (discriminated on `type`), plus pairing helpers.
// - Errors: every failure is an `ApiError` with a `kind`; `serializeError` / `reviveError`
//   carry it across extension messaging.
// - Detection: `detectServer(config)` for "Test connection".
// - Schemas (zod/mini): every resource, enumeration and request body. Request bodies are
//   exact, for what the worker sends; answers are lenient, for what pages read.
//
// Adding an endpoint:
//   1. The request: `defineRequest` in ./endpoints/v0.ts or ./endpoints/v1.ts (wire names, a
//      zod params schema, the target: server, runtime or agent server); `./endpoints/live.ts`
//      as well if the worker calls it itself.
//   2. The answer: its schema in ./endpoints/v0-responses.ts or ./endpoints/v1-responses.ts
//      (lenient: extra fields kept, missing fields null).
//   3. The service: the route in tests/service/routes/, for each server kind that has it.
//   4. The contract: a sample in tests/contract/client-contract.test.ts, with a `service` check
//      naming the reference server kind that answers it for real (tests/support/
//      reference-services.ts), and the route in docs/contract/routes.md with where it is
//      described.

// Everything reached through this index speaks English in validation messages.
import './zod-english';

export {
  type ApiClient,
  type ApiClientConfig,
  type AuthScheme,
  type CallOptions,
  createApiClient,
  defaultAuthScheme,
  type EndpointMethod,
  type EndpointParams,
  type EndpointResult,
  type GroupMethods,
} from './client';
export { detectServer, type ServerCheck, type ServerDetection } from './detect';
export {
  type AgentConversationRef,
  AgentConversationRefSchema,
  ConversationIdSchema,
  type EndpointGroup,
  type EndpointSpec,
  type HttpMethod,
  type RequestParts,
  type RequestSpec,
  type V0ConversationRef,
  V0ConversationRefSchema,
} from './endpoint';
export {
  type ApiEndpoints,
  apiEndpoints,
  type EndpointName,
  type EndpointRequests,
  type EndpointResponses,
  endpointNames,
  endpointRequests,
  endpointResponses,
  isEndpointName,
  parseEndpointResult,
  parseStreamedArray,
  type ResultContext,
} from './endpoints';
export * from './enums';
export { type EnvelopeForm, type EventEnvelope, readEventEnvelope } from './envelope';
export {
  ApiError,
  type ApiErrorDetails,
  type ApiErrorKind,
  apiErrorKinds,
  CREDENTIAL_BINDING_REQUIRED,
  type FieldError,
  isApiError,
  isCredentialBindingRequired,
  isSerializedApiError,
  type ResponseBodyType,
  reviveError,
  type SerializedApiError,
  serializeError,
  toApiError,
} from './errors';
export {
  type ApiEvent,
  ApiEventSchema,
  type ApiEventType,
  agentStateOf,
  commandExitCode,
  eventKeyOf,
  executionStatusOf,
  isMarkedHidden,
  pairKey,
  parseEvent,
  type UnknownEvent,
  type V0ActionEvent,
  type V0AgentStateNoticeEvent,
  type V0ErrorNoticeEvent,
  type V0Event,
  type V0EventPage,
  V0EventPageSchema,
  type V0ObservationEvent,
  type V0RuntimeStatusEvent,
  type V0TitleChangedEvent,
  type V1ActionEvent,
  type V1AgentErrorEvent,
  type V1CondensationEvent,
  type V1CondensationRequestEvent,
  type V1CondensationSummaryEvent,
  type V1ConversationErrorEvent,
  type V1Event,
  type V1EventPage,
  V1EventPageSchema,
  type V1LlmCompletionLogEvent,
  type V1MessageEvent,
  type V1ObservationEvent,
  type V1OtherPayload,
  type V1PauseEvent,
  type V1ServerErrorEvent,
  type V1StateUpdateEvent,
  type V1SystemPromptEvent,
  type V1TokenEvent,
  type V1UserRejectEvent,
} from './events';
export { DEFAULT_TIMEOUT_MS, type FetchLike } from './http';
export { PreparedCallSchema } from './prepared-call';
export { createRawClient, type RawClient } from './raw-client';
export { createTransport, type PreparedCall, prepareCall, type Transport } from './transport';
export { agentServerBaseUrl, isHostedServiceUrl, parseServerUrl, resolveServerUrl } from './url';
export * from './v0/events';
export * from './v0/mcp';
export * from './v0/models';
export * from './v0/requests';
export * from './v1/events';
export * from './v1/models';
export * from './v1/requests';
