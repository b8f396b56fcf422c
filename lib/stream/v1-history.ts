// A V1 conversation's history as the worker pages it. V1 events have UUIDs, not consecutive
// ids: what a socket missed is read on from an anchor in the agent server's log (v1-resume.ts),
// and older history is read newest first, page after page, by the `page_id` each page names. Timestamps alone cannot page: the app
// server stores events by whole seconds, so a second with more events than a page would be read
// again and again (docs/contract/v1-app-server.md#event-history). While the sandbox runs, its
// agent server has the whole log; otherwise the app server's event search does, on the route the
// server has: per conversation from 1.2, the all-conversations search on 0.62.
import { ApiError } from '@/lib/api/errors';
import type { OlderHistoryPage, StreamCursor } from './cache';
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

type HistorySource = OlderHistoryPage['source'];

export class V1History {
  /** Kept in the cursor (a build from before anchors resumes from it). */
  private newestTimestamp: string | null = null;
  private oldestTimestamp: string | null = null;
  /** Where the next older page is read from; null when it must be found again. */
  private older: OlderHistoryPage | null = null;
  /** The app server's history route, once known: 1.2+ per conversation, or 0.62's search. */
  private appRoute: 'conversation' | 'v062' | null = null;

  constructor(
    private readonly conversationId: string,
    private readonly caller: RawCaller,
  ) {}

  restore(cursor: StreamCursor): void {
    if (cursor.lastTimestamp) this.newestTimestamp = cursor.lastTimestamp;
    if (cursor.oldestTimestamp) this.oldestTimestamp = cursor.oldestTimestamp;
    if (cursor.olderPage) this.older = cursor.olderPage;
  }

  cursorFields(): Pick<StreamCursor, 'lastTimestamp' | 'oldestTimestamp' | 'olderPage'> {
    return {
      ...(this.newestTimestamp ? { lastTimestamp: this.newestTimestamp } : {}),
      ...(this.oldestTimestamp ? { oldestTimestamp: this.oldestTimestamp } : {}),
      ...(this.older ? { olderPage: this.older } : {}),
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
  async readNewest(record: V1Info | null): Promise<HistoryPage> {
    return this.read(this.sourceFor(record), null, null, record);
  }

  /**
   * The page before the oldest event held. Pages continue with the `page_id` the last one named,
   * under the same filter; when that cannot go on (the sandbox stopped or started, so another
   * server answers, or the worker restarted without it), a new run of pages starts just before
   * the oldest timestamp held.
   */
  async readOlder(record: V1Info | null): Promise<HistoryPage> {
    const source = this.sourceFor(record);
    const older = this.older;
    if (older && older.source === source) {
      return this.read(source, older.before, older.pageId, record);
    }
    return this.read(source, this.oldestTimestamp, null, record);
  }

  private sourceFor(record: V1Info | null): HistorySource {
    if (record?.sandbox_status === 'RUNNING' && record.conversation_url) return 'agent';
    return this.appRoute ?? 'conversation';
  }

  private async read(
    source: HistorySource,
    before: string | null,
    pageId: string | null,
    record: V1Info | null,
  ): Promise<HistoryPage> {
    const filters = {
      sort_order: 'TIMESTAMP_DESC',
      limit: HISTORY_PAGE,
      ...(pageId ? { page_id: pageId } : {}),
    };
    let result: unknown;
    if (source === 'agent' && record?.conversation_url) {
      result = await this.caller.call('agent.searchEvents', {
        conversation: {
          conversation_url: record.conversation_url,
          session_api_key: record.session_api_key ?? null,
        },
        ...(before ? { timestamp__lt: before } : {}),
        ...filters,
      });
    } else if (source === 'v062') {
      result = await this.caller.call('v1.searchEvents', {
        conversation_id__eq: this.conversationId,
        ...(before ? { timestamp__lt: before } : {}),
        ...filters,
      });
    } else {
      try {
        result = await this.caller.call('v1.searchConversationEvents', {
          conversation_id: this.conversationId,
          ...(before ? { timestamp__lt: before } : {}),
          ...filters,
        });
        this.appRoute = 'conversation';
      } catch (error) {
        // Servers before 1.2 (0.62) keep history in their all-conversations search.
        if (this.appRoute || !(error instanceof ApiError) || !error.isMissingRoute()) throw error;
        this.appRoute = 'v062';
        return this.read('v062', before, null, record);
      }
    }
    const next = isRecord(result) ? result.next_page_id : null;
    const more = typeof next === 'string' && next !== '';
    this.older = more ? { source, before, pageId: next } : null;
    return { events: eventsOf(result, 'items'), more };
  }
}
