import { useEffect, useState } from 'react';

export type OptionsView = 'settings' | 'microagents' | 'sandboxes';

export interface HashRoute {
  view: OptionsView;
  /** A settings section to show (`#git-providers`), when the hash names one. */
  section: string | null;
}

/**
 * `options.html#microagents` and `#sandboxes` open those views; any other hash opens the
 * settings at that section, so other pages can link straight to, say, `#git-providers`.
 */
export function parseHash(hash: string): HashRoute {
  const name = decodeURIComponent(hash.replace(/^#/, ''));
  if (name === 'microagents' || name === 'sandboxes') return { view: name, section: null };
  return { view: 'settings', section: name && name !== 'settings' ? name : null };
}

export function useHashRoute(): HashRoute {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseHash(location.hash));
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
