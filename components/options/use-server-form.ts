// What the options page's Server section and the side panel's first-run view share: the typed
// key (sent on, never read back), field errors, which action is under way, the connection
// report, and the one order of steps every action takes (check the address, ask the browser for
// access inside the click, then act), so both pages save and test a server the same way.
import { useState } from 'react';
import { browser } from 'wxt/browser';
import type { ServerDetection } from '@/lib/api/detect';
import { t } from '@/lib/i18n';
import { checkServerUrl, permissionFor, SettingsError } from '@/lib/settings/editor';
import { type ConnectionTestInput, runConnectionTest } from './connection-test';
import { useFocusFirstInvalid } from './Field';

export type ServerFormErrors = Partial<
  Record<'serverUrl' | 'apiKey' | 'name' | 'rule' | 'general', string>
>;

export interface ServerReport {
  detection: ServerDetection;
  address: string;
}

interface ServerFormOptions {
  /** The words for a refused access request, naming the address. */
  accessDenied: (serverUrl: string) => string;
  /** Runs as an action begins, before anything is checked (to clear a status line, say). */
  onBegin?: () => void;
}

export function useServerForm<Action extends string = 'save' | 'test'>({
  accessDenied,
  onBegin,
}: ServerFormOptions) {
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<ServerFormErrors>({});
  const [busy, setBusy] = useState<Action | 'save' | 'test' | null>(null);
  const [report, setReport] = useState<ServerReport | null>(null);
  const formRef = useFocusFirstInvalid(errors);

  const fail = (error: unknown) => {
    if (error instanceof SettingsError && error.field !== 'origin') {
      setErrors({ [error.field]: error.message });
    } else {
      setErrors({
        general: error instanceof Error && error.message ? error.message : t('error.generic'),
      });
    }
  };

  /**
   * Checks the address, asks for access to its origin, then runs `work` with the checked address
   * and the key as typed at the click. The request is made before anything is awaited: browsers
   * (Firefox strictly) show the permission prompt only during the person's gesture.
   */
  const withAccess = (
    address: string,
    action: Action | 'save' | 'test',
    work: (serverUrl: string, typedKey: string) => Promise<void>,
  ) => {
    setErrors({});
    onBegin?.();
    let serverUrl: string;
    try {
      serverUrl = checkServerUrl(address);
    } catch (error) {
      fail(error);
      return;
    }
    const granted = browser.permissions.request({ origins: [permissionFor(serverUrl)] });
    const typedKey = key;
    setBusy(action);
    void (async () => {
      try {
        if (!(await granted)) {
          setErrors({ general: accessDenied(serverUrl) });
          return;
        }
        await work(serverUrl, typedKey);
      } catch (error) {
        fail(error);
      } finally {
        setBusy(null);
      }
    })();
  };

  /** Tests the address with the typed key (or the stored one, as `extra` allows). */
  const test = (address: string, extra: Omit<ConnectionTestInput, 'serverUrl' | 'apiKey'> = {}) =>
    withAccess(address, 'test', async (serverUrl, typedKey) => {
      const detection = await runConnectionTest({
        serverUrl,
        ...(typedKey ? { apiKey: typedKey } : {}),
        ...extra,
      });
      setReport({ detection, address: serverUrl });
    });

  return {
    key,
    setKey,
    errors,
    setErrors,
    busy,
    setBusy,
    report,
    setReport,
    formRef,
    fail,
    withAccess,
    test,
  };
}
