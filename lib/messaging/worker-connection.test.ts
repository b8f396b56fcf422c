import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import type { PanelToWorker, WorkerToPanel } from '@/lib/messaging/panel-port';
import { WorkerConnection } from './worker-connection';

/** A port whose worker side the test plays: it records what the panel sends. */
class FakePort {
  sent: PanelToWorker[] = [];
  private messageListeners: ((message: unknown) => void)[] = [];
  private disconnectListeners: (() => void)[] = [];
  onMessage = {
    addListener: (listener: (message: unknown) => void) => this.messageListeners.push(listener),
  };
  onDisconnect = { addListener: (listener: () => void) => this.disconnectListeners.push(listener) };
  postMessage(message: PanelToWorker) {
    this.sent.push(message);
  }
  disconnect() {}
  /** The worker answers. */
  deliver(message: WorkerToPanel) {
    for (const listener of this.messageListeners) listener(message);
  }
  /** The browser stopped the worker. */
  drop() {
    for (const listener of this.disconnectListeners) listener();
  }
}

describe('WorkerConnection', () => {
  let ports: FakePort[];

  beforeEach(() => {
    vi.useFakeTimers();
    ports = [];
    vi.spyOn(browser.runtime, 'connect').mockImplementation((() => {
      const port = new FakePort();
      ports.push(port);
      return port;
    }) as never);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const handlers = () => ({
    onWatching() {},
    onEntries() {},
    onSnapshot() {},
    onOlderLoaded: vi.fn(),
  });

  it('stops reconnecting, without throwing, once the add-on is gone from under the page', () => {
    const connection = new WorkerConnection(1);
    const states: boolean[] = [];
    connection.onConnectionChange((connected) => states.push(connected));
    vi.mocked(browser.runtime.connect).mockImplementation(() => {
      throw new Error('NS_ERROR_NOT_INITIALIZED');
    });
    ports[0]?.drop();
    expect(() => vi.advanceTimersByTime(1000)).not.toThrow();
    expect(browser.runtime.connect).toHaveBeenCalledTimes(2);
    expect(states).toEqual([false]);
  });

  it('does not throw when the page is torn down with the add-on and refuses it a timer', () => {
    const connection = new WorkerConnection(1);
    const states: boolean[] = [];
    connection.onConnectionChange((connected) => states.push(connected));
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(() => {
      throw new Error('NS_ERROR_NOT_INITIALIZED');
    });
    expect(() => ports[0]?.drop()).not.toThrow();
    vi.mocked(globalThis.setTimeout).mockRestore();
    vi.advanceTimersByTime(1000);
    expect(browser.runtime.connect).toHaveBeenCalledTimes(1);
    expect(states).toEqual([false]);
  });

  it('asks a restarted worker again for older history it was asked for and never gave', () => {
    const connection = new WorkerConnection(1);
    const feed = handlers();
    connection.watch('abc', 'v0', feed);
    connection.loadOlder('abc');
    ports[0]?.drop();
    vi.advanceTimersByTime(200);

    expect(ports).toHaveLength(2);
    expect(ports[1]?.sent).toEqual([
      { type: 'hello', windowId: 1 },
      { type: 'watch', conversationId: 'abc', generation: 'v0' },
      { type: 'load-older', conversationId: 'abc' },
    ]);

    ports[1]?.deliver({ type: 'older-loaded', conversationId: 'abc', added: 100, hasOlder: false });
    expect(feed.onOlderLoaded).toHaveBeenCalledTimes(1);
    ports[1]?.drop();
    vi.advanceTimersByTime(200);
    // Answered: a later restart does not ask again.
    expect(ports[2]?.sent.map((message) => message.type)).toEqual(['hello', 'watch']);
    connection.close();
  });

  it('does not ask for older history of a conversation no longer watched', () => {
    const connection = new WorkerConnection(null);
    const stop = connection.watch('abc', 'v1', handlers());
    connection.loadOlder('abc');
    stop();
    ports[0]?.drop();
    vi.advanceTimersByTime(200);
    expect(ports[1]?.sent).toEqual([{ type: 'hello', windowId: null }]);
    connection.close();
  });

  it('watches a conversation on the server it was opened on, and says so again to a restarted worker', () => {
    const connection = new WorkerConnection(1);
    connection.watch('abc', 'v1', handlers(), 's-home');
    connection.watch('def', 'v1', handlers());
    expect(ports[0]?.sent.slice(1)).toEqual([
      { type: 'watch', conversationId: 'abc', generation: 'v1', serverId: 's-home' },
      { type: 'watch', conversationId: 'def', generation: 'v1' },
    ]);
    ports[0]?.drop();
    vi.advanceTimersByTime(200);
    expect(ports[1]?.sent.slice(1)).toEqual([
      { type: 'watch', conversationId: 'abc', generation: 'v1', serverId: 's-home' },
      { type: 'watch', conversationId: 'def', generation: 'v1' },
    ]);
    connection.close();
  });
});
