// Unsent words survive: a message being written is kept per conversation in the trusted store
// (lib/settings/trusted-store.ts, out of content scripts' reach), so closing the panel,
// switching conversations or a failed send loses nothing.
import { migrateLegacyStorage } from '@/lib/settings/migration';
import { draftRecord, readRecord, removeRecord, writeRecord } from '@/lib/settings/trusted-store';

export interface MessageDraft {
  text: string;
  images: string[];
}

export async function readDraft(scope: string): Promise<MessageDraft | null> {
  try {
    await migrateLegacyStorage();
    const stored = (await readRecord(draftRecord(scope))) as Partial<MessageDraft> | undefined;
    if (!stored || typeof stored !== 'object') return null;
    return {
      text: typeof stored.text === 'string' ? stored.text : '',
      images: Array.isArray(stored.images)
        ? stored.images.filter((i) => typeof i === 'string')
        : [],
    };
  } catch {
    return null;
  }
}

/** Saves (or, when empty, forgets) a draft. Images that do not fit the quota are dropped first. */
export async function writeDraft(scope: string, draft: MessageDraft): Promise<void> {
  if (!draft.text && !draft.images.length) {
    await removeRecord(draftRecord(scope)).catch(() => {});
    return;
  }
  try {
    await writeRecord(draftRecord(scope), draft);
  } catch {
    await writeRecord(draftRecord(scope), { text: draft.text, images: [] }).catch(() => {});
  }
}
