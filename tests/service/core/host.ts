// What the V0 and V1 domains need from the service that hosts them: options, stored data,
// persistence, pacing and listeners. Kept as an interface so the domains do not import the
// service class (and the service can be restarted without rebuilding them).
import type { Server as SocketIoServer } from 'socket.io';
import type { Pacing } from '../agent/runner';
import type { Listener } from '../http/listener';
import type { ResolvedOptions, ScenarioName } from '../options';
import type { ServiceData } from './state';

export interface ServiceHost {
  readonly options: ResolvedOptions;
  readonly data: ServiceData;
  /** Schedules a write of the data file (no-op without one). */
  persist(): void;
  pacing(): Pacing;
  log(message: string): void;
  /** The scenario a new conversation plays when nothing else chose one. */
  defaultScenario(): ScenarioName;
  /** A nested-runtime listener for a V0 conversation (Socket.IO attached). */
  openRuntime(conversationId: string): Promise<{ listener: Listener; io: SocketIoServer }>;
  /** Stops a conversation's nested runtime: its port and every connection on it go away. */
  closeRuntime(
    conversationId: string,
    runtime: { listener: Listener; io: SocketIoServer },
  ): Promise<void>;
  /** An agent-server listener for a V1 sandbox (WebSocket endpoint attached). */
  openAgentServer(sandboxId: string, port: number | null): Promise<Listener>;
  /** Every Socket.IO server that may hold sockets of a V0 conversation's room. */
  v0SocketServers(): Iterable<SocketIoServer>;
}
