// Images attached to a message, as the service takes them: data URLs, at most 3 MB per file and 3
// MB in total (the web UI's limits, docs/ui/timeline.md#image-attachments; the V0 socket also caps
// a message at 4 MiB).
import { t } from '@/lib/i18n';

export const MAX_IMAGE_BYTES = 3 * 1024 * 1024;
export const MAX_TOTAL_IMAGE_BYTES = 3 * 1024 * 1024;

/** What a file looks like before it is read. */
export interface CandidateFile {
  name: string;
  type: string;
  size: number;
}

export interface ImageCheck<F extends CandidateFile> {
  accepted: F[];
  /** One sentence per refused file, saying why. */
  refused: string[];
}

/** The decoded size of a data URL's payload (what the limits are about). */
export function dataUrlBytes(url: string): number {
  const comma = url.indexOf(',');
  if (comma < 0) return url.length;
  const payload = url.slice(comma + 1);
  if (!/;base64/i.test(url.slice(0, comma))) return decodeURIComponent(payload).length;
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/**
 * Which of the new files fit next to the images already attached: images only, each within the
 * per-file limit, all together within the total. Files are taken in order until the total is
 * reached, so a person sees exactly which ones did not fit.
 */
export function checkImages<F extends CandidateFile>(
  files: readonly F[],
  attached: readonly string[],
): ImageCheck<F> {
  let total = attached.reduce((sum, url) => sum + dataUrlBytes(url), 0);
  const accepted: F[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) {
      refused.push(t('panel.images.notImage', { name: file.name }));
    } else if (file.size > MAX_IMAGE_BYTES) {
      refused.push(
        t('panel.images.tooLarge', {
          name: file.name,
          size: megabytes(file.size),
          max: megabytes(MAX_IMAGE_BYTES),
        }),
      );
    } else if (total + file.size > MAX_TOTAL_IMAGE_BYTES) {
      refused.push(
        t('panel.images.totalTooLarge', { name: file.name, max: megabytes(MAX_TOTAL_IMAGE_BYTES) }),
      );
    } else {
      total += file.size;
      accepted.push(file);
    }
  }
  return { accepted, refused };
}

/** Reads a file as a data URL (browser only). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
