import type { Launch } from '@/lib/messaging/panel-port';
import type { WorkerConnection } from '@/lib/messaging/worker-connection';

/**
 * Holds launches that arrive before the app listens: the worker answers the panel's hello with
 * the window's pending launch at once, possibly before React has mounted anything.
 */
export class LaunchInbox {
  private readonly queue: Launch[] = [];
  private listener: ((launch: Launch) => void) | null = null;

  constructor(connection: WorkerConnection) {
    connection.onLaunch((launch) => {
      if (this.listener) this.listener(launch);
      else this.queue.push(launch);
    });
  }

  /** Delivers what waited, then every later launch, to one listener. */
  listen(listener: (launch: Launch) => void): () => void {
    this.listener = listener;
    for (const launch of this.queue.splice(0)) listener(launch);
    return () => {
      if (this.listener === listener) this.listener = null;
    };
  }
}
