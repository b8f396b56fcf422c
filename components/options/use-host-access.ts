import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';

/**
 * Whether Handoff holds the host permission for a match pattern, kept current as permissions
 * are granted and removed. Null while unknown or when there is no pattern.
 */
export function useHostAccess(pattern: string | null): boolean | null {
  const [granted, setGranted] = useState<boolean | null>(null);
  useEffect(() => {
    if (!pattern) {
      setGranted(null);
      return;
    }
    let live = true;
    const check = () => {
      browser.permissions.contains({ origins: [pattern] }).then(
        (result) => {
          if (live) setGranted(result);
        },
        () => {
          if (live) setGranted(null);
        },
      );
    };
    check();
    browser.permissions.onAdded.addListener(check);
    browser.permissions.onRemoved.addListener(check);
    return () => {
      live = false;
      browser.permissions.onAdded.removeListener(check);
      browser.permissions.onRemoved.removeListener(check);
    };
  }, [pattern]);
  return granted;
}
