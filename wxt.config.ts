import { defineConfig } from 'wxt';

// Hosts whose pages get the "Start conversation" button without asking. Self-hosted
// GitHub Enterprise, GitLab and Bitbucket Data Center origins are added by the person at
// run time as optional host permissions, so no "all websites" permission is ever required.
const codeHostOrigins = ['https://github.com/*', 'https://gitlab.com/*', 'https://bitbucket.org/*'];
// A local server needs no prompt; match patterns ignore ports, so these cover every port.
const localServerOrigins = ['http://localhost/*', 'http://127.0.0.1/*'];
// End-to-end builds only: Chromium's permission prompt cannot be answered under automation, so
// the test build holds the reserved example domains its self-hosted fixtures use (RFC 2606). The product's
// code path is unchanged: permissions.request() resolves at once for a granted origin.
const e2e = process.env.HANDOFF_E2E === '1';
const e2eOrigins = e2e ? ['https://*.example.com/*', 'https://*.example.org/*'] : [];

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/webextension-polyfill'],
  outDir: e2e ? '.output/e2e' : '.output',
  hooks: {
    // Content scripts run on every code-host page and have an 8 KB gzipped budget; the
    // polyfill alone is ~3 KB there. They only need runtime.sendMessage and runtime.id, which
    // the native namespace provides in every target browser, so their builds get the plain
    // global while the worker and the extension pages keep webextension-polyfill.
    'vite:build:extendConfig': (entrypoints, viteConfig) => {
      if (!entrypoints.every((entry) => entry.type === 'content-script')) return;
      const alias = viteConfig.resolve?.alias;
      const native = '@wxt-dev/browser';
      if (Array.isArray(alias)) {
        for (const entry of alias) if (entry.find === 'wxt/browser') entry.replacement = native;
      } else if (alias && typeof alias === 'object') {
        (alias as Record<string, string>)['wxt/browser'] = native;
      }
    },
  },
  manifest: ({ browser }) => {
    const firefox = browser === 'firefox';
    const permissions = ['storage', 'scripting', 'contextMenus', 'notifications', 'alarms'];
    // sidePanel is Chrome-only; Firefox uses sidebar_action and rejects unknown permissions.
    if (!firefox) permissions.push('sidePanel');
    return {
      name: 'Handoff',
      description:
        'Hand GitHub, GitLab and Bitbucket work to agents on an OpenHands-compatible server.',
      // WebSocket traffic keeps an MV3 worker alive only from Chrome 116 on.
      minimum_chrome_version: '116',
      permissions,
      host_permissions: [...codeHostOrigins, ...localServerOrigins, ...e2eOrigins],
      ...(firefox
        ? { optional_permissions: ['*://*/*'] }
        : { optional_host_permissions: ['*://*/*'] }),
      action: { default_title: 'Handoff' },
      commands: {
        'start-conversation': {
          suggested_key: { default: 'Alt+Shift+H' },
          description: 'Start a conversation about this page',
        },
      },
      ...(firefox ? { browser_specific_settings: { gecko: { id: 'handoff@example.org' } } } : {}),
    };
  },
});
