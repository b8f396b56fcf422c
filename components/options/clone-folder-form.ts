// The clone folder a person sets for an agent server alone (options, Model and agent): checked
// where it is typed, with words that say what to change. The worker applies the same rule
// (lib/api/agent-direct/clone.ts `isCloneFolder`) before a start, so a value that reached the
// store some other way (an older file, a hand edit) is never run through the shell.
import { isCloneFolder } from '@/lib/api/agent-direct/clone';
import { t } from '@/lib/i18n/options';

export type CloneFolderCheck = { ok: true; value: string } | { ok: false; error: string };

/** What is shown for a character nobody can see in an error message. */
function shown(character: string): string {
  if (character === ' ') return t('options.cloneFolder.aSpace');
  if (/\p{C}/u.test(character)) return t('options.cloneFolder.aControl');
  return `“${character}”`;
}

/**
 * Tidies what was typed (outer spaces, doubled and trailing slashes, `.` parts) and checks it.
 * Empty is fine: the server's `<home>/handoff`, which is stored as no folder at all.
 */
export function checkCloneFolder(input: string): CloneFolderCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: true, value: '' };
  if (!trimmed.startsWith('/') && trimmed !== '~' && !trimmed.startsWith('~/')) {
    return { ok: false, error: t('options.cloneFolder.notFull') };
  }
  const home = trimmed.startsWith('~');
  const parts = trimmed
    .slice(home ? 1 : 0)
    .split('/')
    .filter((part) => part !== '' && part !== '.');
  if (parts.includes('..')) return { ok: false, error: t('options.cloneFolder.dots') };
  if (!home && !parts.length) return { ok: false, error: t('options.cloneFolder.root') };
  for (const part of parts) {
    const odd = [...part].find((character) => !/[\p{L}\p{N}_.+@,-]/u.test(character));
    if (odd) return { ok: false, error: t('options.cloneFolder.character', { what: shown(odd) }) };
  }
  const value = `${home ? '~' : ''}${parts.map((part) => `/${part}`).join('')}`;
  if (!isCloneFolder(value)) return { ok: false, error: t('options.cloneFolder.tooLong') };
  return { ok: true, value };
}
