import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import type { Plugin } from 'vite';
import { resolve } from 'node:path';
import { CHROME_PUBLIC_KEY, GECKO_ID } from './contracts/extension-ids';
import { buildConnection, type BuildTarget } from './contracts/platform-hosts';
import { holdModules } from './components/search/held-modules';

// One source, two browsers (`wxt build` Chrome MV3, `wxt build -b firefox` Firefox MV2), two targets:
// - store (FIELDSIDE_TARGET=store, what `npm run zip` builds): the real platform's hosts and the
//   product's companion (FIELDSIDE_COMPANION_URL overrides it), no "key" (the Chrome Web Store refuses
//   it and gives its own id), no local address anywhere;
// - development (everything else: `npm start`, the tests): the emulator's hosts (or the servers
//   named in WXT_*), and the Chrome id pinned by CHROME_PUBLIC_KEY, so the identity redirect URL
//   https://oiabnejaggoobcbkjnlidfgfieafjagp.chromiumapp.org/ is the one the companion allows.
// Firefox's id is fieldside@fieldside.app in both.

const target: BuildTarget = process.env.FIELDSIDE_TARGET === 'store' ? 'store' : 'development';
const connection = buildConnection(target, process.env);

// The connection is the build's default (lib/settings/items.ts reads it from import.meta.env).
Object.assign(process.env, {
  WXT_TARGET: target,
  WXT_REST_URL: connection.restUrl,
  WXT_AUTH_URL: connection.authUrl,
  WXT_WEB_URL: connection.webUrl,
  WXT_JOB_LINK_PATH: connection.jobLinkPath ?? '',
  WXT_COMPANION_URL: connection.companionUrl,
});

/** `scheme://host/*`: match patterns without a port match every port in Chrome and Firefox. */
function originPattern(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.hostname}/*`;
}

/** Least privilege: the platform's REST and web-app hosts and the companion. (OAuth happens in the
 * identity API's own window: its host needs no permission.) */
const hostPermissions = [
  ...new Set([connection.restUrl, connection.webUrl, connection.companionUrl].map(originPattern)),
];
/** Where the platform content script runs: the web app people use all day. */
const WEB_APP_MATCH = originPattern(connection.webUrl);

/** Moves the stylesheets Vite adds to a page's <head> ahead of its scripts, after the first script only when that is a
 * classic one written first in the page (the popup's early script: the popup's own HTML). The browser's file loader
 * answers an extension page's files roughly in the order they are asked for, and nothing is painted before the
 * stylesheets are in: asked for last (Vite's order), the popup's came in last, 20-30 ms after its early script, in
 * the cold opening (bench/popup.ts).
 * On a page with such an early script, its module script and modulepreloads are held in a template, which the early
 * script releases once its rows are painted (components/search/held-modules.ts): a deferred module ran in the very
 * task the early rows waited for, an async one often between their layout and their frame. */
function pageLoadOrder(): Plugin {
  const STYLESHEET = /\s*<link rel="stylesheet"[^>]*>/g;
  return {
    name: 'fieldside:page-load-order',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(STYLESHEET);
        if (!sheets) return html;
        const rest = html.replace(STYLESHEET, '');
        const early = /<script src="[^"]*"><\/script>/.exec(rest);
        const at = early ? early.index + early[0].length : rest.lastIndexOf('\n', rest.indexOf('<script'));
        if (at < 0) return html;
        const page = rest.slice(0, at) + sheets.join('') + rest.slice(at);
        return early ? holdModules(page) : page;
      },
    },
  };
}

export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  // FIELDSIDE_OUT_DIR lets the e2e harness build into its own folder (.tmp/e2e-output), so a
  // `wxt build` run by someone else in the same checkout can't swap the extension under a test.
  outDir: process.env.FIELDSIDE_OUT_DIR ?? '.output',
  vite: () => ({
    plugins: [preact(), pageLoadOrder()],
    build: {
      // A page's static imports stay preloaded from its HTML. A dynamic import's JS dependencies are not: the
      // extension's files are local, and Vite's helper added a <link> per dependency to the page on the first
      // render's path (about 24 ms of the popup's opening at load 15, bench/popup.ts); the browser fetches them as
      // it meets them. CSS stays, or a lazy chunk would lose its styles.
      // No polyfill: both browsers this builds for (Chrome, Firefox ≥ 142) know modulepreload, and the polyfill was
      // code every page ran first.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
          hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
      },
      // Shared chunks under 6 KB are merged into a neighbour (Rollup merges only where no page would run code it
      // did not before): the popup loads 5 modules instead of 12, and each module of an extension page is a request
      // and an instantiation of its own; in the same minutes its first row came 20-30 % sooner (bench/popup.ts).
      rollupOptions: { output: { experimentalMinChunkSize: 6000 } },
    },
  }),
  // The Firefox store asks for the sources of minified code: the extension's own, and how to build it
  // (SOURCES.md); not the servers, tests or benchmarks.
  zip: {
    excludeSources: ['server/**', 'tests/**', 'bench/**', 'coverage/**', '**/testing/**', 'vitest.config.ts'],
  },
  hooks: {
    // The icon lives in assets/ (not public/), so copy it into every build.
    'build:publicAssets': (_wxt, files) => {
      for (const size of [16, 48, 128]) {
        files.push({ absoluteSrc: resolve(__dirname, `assets/icon-${size}.png`), relativeDest: `icon-${size}.png` });
      }
    },
  },
  manifest: ({ browser }) => ({
    name: 'Fieldside',
    description: 'Your jobs, notes and badges beside the job-management platform, online or not.',
    icons: { 16: 'icon-16.png', 48: 'icon-48.png', 128: 'icon-128.png' },
    // Least privilege: identity for sign-in, storage for settings, alarms for proactive token refresh
    // and sync; contextMenus for "Add selection as a note to a job…"; the side panel exists only in
    // Chrome (Firefox gets a sidebar_action from WXT).
    permissions: [
      'identity',
      'storage',
      'alarms',
      'contextMenus',
      // Being told of work given to you (off until the person turns it on: lib/notifications).
      'notifications',
      ...(browser === 'chrome' ? ['sidePanel', 'scripting'] : []),
    ],
    host_permissions: hostPermissions,
    // The content UI chunk, imported by the content script only on pages where it found a job (the
    // web app, and https sites the user adds; Firefox MV2 gets the plain list from WXT), and the
    // quick-note page it frames beside a badge (typing there stays out of the web page's reach). `scripting`
    // (Chrome) registers the sites content script at run time; Firefox uses contentScripts.register.
    // Chrome: reachable only through the per-session id runtime.getURL hands the content script, so a
    // web page cannot probe chrome-extension://<fixed id>/content-ui.js to learn that Fieldside is
    // installed, nor frame the quick-note page by itself. (Firefox already gives each installation
    // its own random internal UUID.)
    web_accessible_resources: [
      {
        resources: ['content-ui.js', 'quick-note.html'],
        matches: [WEB_APP_MATCH, 'https://*/*'],
        ...(browser === 'chrome' ? { use_dynamic_url: true } : {}),
      },
    ],
    // Type "job", a space and a number, name or address in the address bar.
    omnibox: { keyword: 'job' },
    // A keyboard shortcut opens the quick-search popup (MV2 names the toolbar button browser_action).
    commands: {
      [browser === 'chrome' ? '_execute_action' : '_execute_browser_action']: {
        suggested_key: { default: 'Alt+Shift+J' },
        description: 'Find a job',
      },
    },
    // Further sites (a webmail, a CRM) are asked for at run time, when the person adds them.
    // (Firefox MV2 spells it optional_permissions; WXT drops optional_host_permissions there.)
    optional_host_permissions: ['https://*/*'],
    ...(browser === 'chrome'
      ? {
          ...(target === 'development' ? { key: CHROME_PUBLIC_KEY } : {}),
          // What an administrator may push by policy (lib/settings: the connection).
          storage: { managed_schema: 'managed-schema.json' },
        }
      : {
          optional_permissions: ['https://*/*'],
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              strict_min_version: '142.0',
              // Sign-in sends an authorisation code and refresh tokens to the companion server.
              data_collection_permissions: { required: ['authenticationInfo'] },
            },
          },
        }),
  }),
});
