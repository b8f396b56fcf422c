// Reading a conversation's stored history: the worker's raw caller and one page of events, as
// every interface's event routes answer them.
import { isRecord } from './transport';

/** Calls a service endpoint by name and returns its JSON (the worker's raw client). */
export interface RawCaller {
  call(name: string, params: unknown): Promise<unknown>;
}

export interface HistoryPage {
  events: Record<string, unknown>[];
  /** The server holds more in the direction this page was read. */
  more: boolean;
}

/** Events under `field` of a page answer; anything that is not an object is left out. */
export function eventsOf(value: unknown, field: 'events' | 'items'): Record<string, unknown>[] {
  const list = isRecord(value) ? value[field] : undefined;
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** How many events one history request asks for (the servers' own maximum is 100). */
export const HISTORY_PAGE = 100;
