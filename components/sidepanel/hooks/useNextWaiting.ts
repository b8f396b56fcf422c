import { useCallback, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { NEXT_WAITING_COMMAND } from '@/lib/messaging/rpc';
import { rpc } from '@/lib/messaging/worker-client';

/** How long "Nothing needs you right now" stays after a press that found nothing. */
const NONE_MS = 4000;

export interface NextWaiting {
  /** Goes to the next conversation that needs the person, after the one on screen. */
  go: () => void;
  /** The key the browser has for the command now ("Alt+Shift+J"); null when it has none. */
  shortcut: string | null;
  /** The button's tooltip, naming that key and where to change it. */
  hint: string;
  /** A press found nothing waiting: said for a moment. */
  none: boolean;
}

/**
 * "The next one that needs me" from the panel: the worker's own walk (`conversations.nextWaiting`,
 * the one the keyboard command takes), oldest wait first, one further each press, and round again.
 */
export function useNextWaiting(
  current: string | null,
  open: (conversationId: string, serverId?: string) => void,
): NextWaiting {
  const [shortcut, setShortcut] = useState<string | null>(null);
  const [none, setNone] = useState(false);
  useEffect(() => {
    let alive = true;
    // The binding is the browser's, read each time the panel opens: the person may change it.
    browser.commands
      ?.getAll()
      .then((commands) => {
        const key = commands.find((command) => command.name === NEXT_WAITING_COMMAND)?.shortcut;
        if (alive) setShortcut(key || null);
      })
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => {
    if (!none) return;
    const timer = setTimeout(() => setNone(false), NONE_MS);
    return () => clearTimeout(timer);
  }, [none]);
  const go = useCallback(() => {
    void rpc('conversations.nextWaiting', current ? { after: current } : {}).then(
      (next) => {
        if (next) open(next.conversationId, next.serverId);
        setNone(!next);
      },
      // The worker could not answer (it is restarting: the panel says so): nothing to go to.
      () => {},
    );
  }, [current, open]);
  const hint = shortcut
    ? t('panel.list.nextWaitingHint', { shortcut })
    : t('panel.list.nextWaitingHintUnbound');
  return { go, shortcut, hint, none };
}
