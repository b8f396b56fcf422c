// A conversation as one JSON file: its events as the service sent them, in order, with what is
// known about the conversation, so the file can be read without Handoff. Credentials are taken
// out (the record holds the sandbox's session key; events can hold MCP and provider keys).
import { withoutSecrets } from '@/components/common/without-secrets';
import type { Generation } from '@/lib/api/generation';

export interface ExportMetadata {
  id: string;
  generation: Generation;
  title: string | null;
  repository: string | null;
  branch: string | null;
  provider: string | null;
  status: string | null;
  serverUrl: string | null;
  /** The conversation record as the server answered it, when it was read. */
  record: unknown;
}

export interface ConversationExport {
  format: 'handoff-conversation-export';
  version: 1;
  exportedAt: string;
  conversation: ExportMetadata;
  /** True when the server holds older events than these (history could not be read in full). */
  incomplete: boolean;
  eventCount: number;
  events: unknown[];
}

export function buildExport(
  metadata: ExportMetadata,
  events: readonly { event: { raw: unknown } }[],
  incomplete: boolean,
  now = new Date(),
): ConversationExport {
  return {
    format: 'handoff-conversation-export',
    version: 1,
    exportedAt: now.toISOString(),
    conversation: withoutSecrets(metadata),
    incomplete,
    eventCount: events.length,
    events: events.map((item) => withoutSecrets(item.event.raw)),
  };
}

/** A file name people can tell apart: title words, the id's start, the date. */
export function exportFileName(
  metadata: Pick<ExportMetadata, 'id' | 'title'>,
  now = new Date(),
): string {
  const words = (metadata.title ?? 'conversation')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  const date = now.toISOString().slice(0, 10);
  return `handoff-${words || 'conversation'}-${metadata.id.slice(0, 8)}-${date}.json`;
}
