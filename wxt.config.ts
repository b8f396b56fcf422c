import { join } from 'node:path';
import { defineConfig } from 'wxt';

// Hosts whose pages get the "Start conversation" button without asking. Self-hosted
// GitHub Enterprise, GitLab and Bitbucket Data Center origins are added by the person at
// run time as optional host permissions, so no "all websites" permission is ever required.
const codeHostOrigins = ['https://github.com/*', 'https://gitlab.com/*', 'https://bitbucket.org/*'];
// The APIs of the two hosts whose API lives on another origin, for reading a repository's skills
// from extension pages (docs/contract/skills.md#requests). gitlab.com serves its API on its own
// origin; a self-hosted instance's API is covered by the access granted when it is added.
const codeHostApiOrigins = ['https://api.github.com/*', 'https://api.bitbucket.org/*'];
// A local server needs no prompt; match patterns ignore ports, so these cover every port.
const localServerOrigins = ['http://localhost/*', 'http://127.0.0.1/*'];
// End-to-end builds only: Chromium's permission prompt cannot be answered under automation, so the
// test build holds the reserved example domains its self-hosted fixtures use (RFC 2606). The
// product's code path is unchanged: permissions.request() resolves at once for a granted origin.
const e2e = process.env.HANDOFF_E2E === '1';
// With them the self-hosted origins of the pages saved from the live hosts
// (../shared/fixtures/real-pages), which tests/e2e/real-pages.spec.ts serves at the addresses they
// were of: nothing is fetched from them, every request is answered by the test.
const realPageOrigins = [
  'http://ghe.sgdev.org/*',
  'https://gitlab.recruitize.ai/*',
  'https://gitlab.od.atncorp.com/*',
  'https://git.epam.com/*',
  'https://gitlab.sas.com/*',
];
const e2eOrigins = e2e
  ? ['https://*.example.com/*', 'https://*.example.org/*', ...realPageOrigins]
  : [];

export default defineConfig({
  // End-to-end builds let the journeys shorten the conversation index's refresh interval
  // (lib/background/conversations.ts); other builds carry no such hook.
  vite: () => ({ define: { 'import.meta.env.HANDOFF_E2E': JSON.stringify(e2e) } }),
  modules: ['@wxt-dev/module-react'],
  // HANDOFF_OUT_DIR lets several builds (and the tests loading them) run side by side.
  outDir: process.env.HANDOFF_OUT_DIR ?? (e2e ? '.output/e2e' : '.output'),
  hooks: {
    // Every context uses the browser's own extension namespace (WXT's default), not
    // webextension-polyfill (~3 KB gzipped in each bundle): MV3 APIs return promises natively in
    // every target browser. The extension pages send messages and hold ports but answer no
    // message, so the polyfill gave them nothing; the worker and content scripts went without it
    // first, for their size budgets. The worker is also minified with terser, which packs it ~3%
    // smaller (64 KB budget).
    'vite:build:extendConfig': (entrypoints, viteConfig) => {
      if (entrypoints.some((entry) => entry.type === 'background')) {
        viteConfig.build = {
          ...viteConfig.build,
          minify: 'terser',
          terserOptions: { compress: { passes: 2 }, ecma: 2020, module: true },
        };
      }
      // Content scripts get a context that tells the page nothing (lib/content/context.ts):
      // WXT's posts the extension's id to every page it starts on.
      if (entrypoints.every((entry) => entry.type === 'content-script')) {
        const quiet = {
          find: /^wxt\/utils\/content-script-context$/,
          replacement: join(import.meta.dirname, 'lib/content/context.ts'),
        };
        viteConfig.resolve ??= {};
        if (Array.isArray(viteConfig.resolve.alias)) viteConfig.resolve.alias.unshift(quiet);
        else {
          viteConfig.resolve.alias = [
            quiet,
            ...Object.entries(viteConfig.resolve.alias ?? {}).map(([find, replacement]) => ({
              find,
              replacement: replacement as string,
            })),
          ];
        }
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
      // WebSocket traffic keeps an MV3 worker alive from Chrome 116 on, and the worker answers
      // messages by returning a promise from its listener, which Chrome delivers from 144 on
      // (before, the sender got no answer: no polyfill fills that in here).
      minimum_chrome_version: '144',
      permissions,
      host_permissions: [
        ...codeHostOrigins,
        ...codeHostApiOrigins,
        ...localServerOrigins,
        ...e2eOrigins,
      ],
      ...(firefox
        ? { optional_permissions: ['*://*/*'] }
        : { optional_host_permissions: ['*://*/*'] }),
      action: { default_title: 'Handoff' },
      commands: {
        'start-conversation': {
          suggested_key: { default: 'Alt+Shift+H' },
          description: 'Start a conversation about this page',
        },
        // lib/background/next-waiting.ts
        'next-needing-you': {
          suggested_key: { default: 'Alt+Shift+J' },
          description: 'Go to the next conversation that needs you',
        },
      },
      ...(firefox
        ? {
            browser_specific_settings: {
              gecko: {
                id: 'handoff@example.org',
                // The Firefox the real-Firefox suite runs on (Debian's firefox-esr, 153 ESR);
                // the harness refuses an older one instead of testing what users cannot get.
                strict_min_version: '153.0',
                // Mozilla's install-time consent: what Handoff sends off the device, and only
                // to the server the person sets up: a page's content (repository, issue, title)
                // when they hand it over, and the key and git provider tokens they give it.
                data_collection_permissions: { required: ['websiteContent', 'authenticationInfo'] },
              },
            },
            // Never in private windows, even when the person allows add-ons there: Handoff
            // keeps conversations, drafts and their events on disk and opens its panel in
            // ordinary windows, so nothing from a private window must reach it (README, Firefox).
            incognito: 'not_allowed',
          }
        : {}),
    };
  },
});
