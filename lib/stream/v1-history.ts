// A V1 conversation's history as the worker pages it. V1 events have UUIDs, not consecutive
// ids, so the cursor is a pair of timestamps: the newest event received (the socket resumes
// after it) and the oldest held (older pages continue before it). While the sandbox runs,
// its agent server has the whole log; otherwise the app server's event search does.
import type { StreamCursor } from './cache';
import { eventsOf, HISTORY_PAGE, type HistoryPage, type RawCaller } from './history';
import { isRecord } from './transport';

/** The fields of a V1 app conversation the stream uses. */
export interface V1Info {
  id: string;
  title?: string | null;
  sandbox_id?: string | null;
  sandbox_status?: string | null;
  execution_status?: string | null;
  conversation_url?: string | null;
  session_api_key?: string | null;
}

export class V1History {
  private newestTimestamp: string | null = null;
  private oldestTimestamp: string | null = null;

  constructor(
    private readonly conversationId: string,
    private readonly caller: RawCaller,
  ) {}

  /** Timestamp of the newest event received: the socket resumes after it. */
  lastTimestamp(): string | null {
    return this.newestTimestamp;
  }

  restore(cursor: StreamCursor): void {
    if (cursor.lastTimestamp) this.newestTimestamp = cursor.lastTimestamp;
    if (cursor.oldestTimestamp) this.oldestTimestamp = cursor.oldestTimestamp;
  }

  cursorFields(): Pick<StreamCursor, 'lastTimestamp' | 'oldestTimestamp'> {
    return {
      ...(this.newestTimestamp ? { lastTimestamp: this.newestTimestamp } : {}),
      ...(this.oldestTimestamp ? { oldestTimestamp: this.oldestTimestamp } : {}),
    };
  }

  /** An event with this timestamp arrived. */
  noteTimestamp(timestamp: string): void {
    if (!this.newestTimestamp || timestamp > this.newestTimestamp) {
      this.newestTimestamp = timestamp;
    }
  }

  /** Where older history continues from: also fed by events already held, so it never sticks. */
  noteOldest(timestamp: string): void {
    if (!this.oldestTimestamp || timestamp < this.oldestTimestamp) this.oldestTimestamp = timestamp;
  }

  /** The newest page, for a conversation first seen while its sandbox does not run. */
  readNewest(record: V1Info | null): Promise<HistoryPage> {
    return this.page(record, null);
  }

  /** The page just before the oldest event held. */
  readOlder(record: V1Info | null): Promise<HistoryPage> {
    return this.page(record, this.oldestTimestamp);
  }

  /** A page of events older than `before` (newest first), from the agent server when it runs. */
  private async page(record: V1Info | null, before: string | null): Promise<HistoryPage> {
    const filters = {
      sort_order: 'TIMESTAMP_DESC',
      limit: HISTORY_PAGE,
      ...(before ? { timestamp__lt: before } : {}),
    };
    const result =
      record?.sandbox_status === 'RUNNING' && record.conversation_url
        ? await this.caller.call('agent.searchEvents', {
            conversation: {
              conversation_url: record.conversation_url,
              session_api_key: record.session_api_key ?? null,
            },
            ...filters,
          })
        : await this.caller.call('v1.searchEvents', {
            conversation_id__eq: this.conversationId,
            ...filters,
          });
    return {
      events: eventsOf(result, 'items'),
      more: isRecord(result) && typeof result.next_page_id === 'string' && !!result.next_page_id,
    };
  }
}
