// Settings as React state for every extension page: read once, then followed through storage
// changes, so a change made in another tab, in the options or by an import shows at once.
import { useEffect, useState } from 'react';
import type { Settings } from '@/lib/settings/schema';
import { loadSettings, watchSettings } from '@/lib/settings/store';

/**
 * The extension's settings, kept current. `initial` (read before the first render) skips the
 * first read. A change that arrives while the first read is on its way wins over that read's
 * older answer.
 */
export function useSettings(initial: Settings | null = null): Settings | null {
  const [settings, setSettings] = useState<Settings | null>(initial);
  useEffect(() => {
    let live = true;
    const stop = watchSettings((next) => {
      if (live) setSettings(next);
    });
    if (!initial) {
      void loadSettings().then((loaded) => {
        if (live) setSettings((current) => current ?? loaded);
      });
    }
    return () => {
      live = false;
      stop();
    };
  }, [initial]);
  return settings;
}
