// The clone folder a person set for each agent server alone, kept by the server's origin (as the
// key is) so one server's folder never follows the person to another. The options page writes it
// (components/options/CloneFolderField.tsx), the worker reads it at each start.
import { serverOrigin } from './secrets';

/** The folder saved for this server, as stored (possibly not usable), or '' for the default. */
export function cloneFolderFor(folders: Record<string, string>, serverUrl: string | null): string {
  const origin = serverOrigin(serverUrl);
  return origin && Object.hasOwn(folders, origin) ? (folders[origin] ?? '') : '';
}

/** The record with this server's folder set, or removed when it is the default. */
export function withCloneFolder(
  folders: Record<string, string>,
  serverUrl: string,
  folder: string,
): Record<string, string> {
  const origin = serverOrigin(serverUrl);
  if (!origin) return folders;
  const next = { ...folders };
  if (folder) next[origin] = folder;
  else delete next[origin];
  return next;
}
