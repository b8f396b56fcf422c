// What a content script says a page is about is checked against the sender tab's own URL: the
// repository, the kind of page and the issue or pull request number must be the ones the
// address shows. Only fields a URL cannot tell (a title, a pull request's branch) come from the
// page, and only once the URL agrees; they are kept as plain, short text
// (docs/security.md#only-a-person-starts-an-agent).
import type { PageContextData } from '@/lib/hosts/types';
import { detectFromUrl } from '@/lib/hosts/url';
import type { Settings } from '@/lib/settings/schema';
import { oneLine } from '@/lib/text/plain';

interface Sender {
  url?: string;
  tab?: { url?: string };
}

const MAX_TITLE = 300;

/**
 * One line of text, bounded, cut without a mark (a branch name is data): no line breaks, control
 * or direction characters, no runs of spaces (lib/text/plain.ts).
 */
export function plainText(value: string, max: number): string | undefined {
  return oneLine(value, max, 'plain') || undefined;
}

const where = (context: PageContextData) =>
  `${context.baseUrl}/${context.repository}`.toLowerCase();

/** Whether a path is a folder or a file only the page can tell (Bitbucket's "conf.d"). */
const kindOf = (context: PageContextData) =>
  context.kind === 'tree' || context.kind === 'blob' ? 'files' : context.kind;

const refPath = (context: PageContextData) =>
  [context.branch, context.path].filter(Boolean).join('/');

function agrees(sent: PageContextData, fromUrl: PageContextData): boolean {
  if (
    sent.provider !== fromUrl.provider ||
    sent.selfHosted !== fromUrl.selfHosted ||
    kindOf(sent) !== kindOf(fromUrl) ||
    sent.number !== fromUrl.number ||
    // The document may split the address into base and repository differently (a GitLab
    // relative URL root); together they name the same place.
    where(sent) !== where(fromUrl)
  ) {
    return false;
  }
  if (fromUrl.sha !== undefined && sent.sha !== fromUrl.sha) return false;
  // A ref with slashes: the page tells where the branch ends, the URL holds the same text.
  if (fromUrl.branch !== undefined && refPath(sent) !== refPath(fromUrl)) return false;
  return true;
}

/**
 * The context to act on, or null when the sender's tab is not on the page the content script
 * describes. The tab's current URL decides (hosts navigate in place, which the frame's load
 * URL does not follow); the frame's URL only when the tab's is not known.
 */
export function verifiedContext(
  sent: PageContextData,
  sender: Sender,
  settings: Pick<Settings, 'selfHostedHosts'>,
): PageContextData | null {
  const url = sender.tab?.url || sender.url;
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = settings.selfHostedHosts.find((known) => known.origin === parsed.origin);
  const fromUrl = detectFromUrl(parsed, host ? { provider: host.provider } : undefined);
  if (!fromUrl || !agrees(sent, fromUrl)) return null;
  const title = sent.title === undefined ? undefined : plainText(sent.title, MAX_TITLE);
  const branch =
    fromUrl.branch === undefined && sent.branch !== undefined
      ? plainText(sent.branch, 255)
      : sent.branch;
  const { title: _title, branch: _branch, ...rest } = sent;
  return { ...rest, ...(branch ? { branch } : {}), ...(title ? { title } : {}) };
}
