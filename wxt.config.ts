import { defineConfig } from 'wxt';
import preact from '@preact/preset-vite';
import { resolve } from 'node:path';
import { CHROME_PUBLIC_KEY, DEV_COMPANION_URL, DEV_PLATFORM_URL, GECKO_ID } from './contracts/extension-ids';

// One source, two browsers: `wxt build` gives Chrome MV3, `wxt build -b firefox` Firefox MV2.
//
// Fixed ids: the public key below pins the Chrome extension id to oiabnejaggoobcbkjnlidfgfieafjagp
// (so the identity redirect URL is https://oiabnejaggoobcbkjnlidfgfieafjagp.chromiumapp.org/), and the
// gecko id fieldside@fieldside.app gives Firefox's
// https://3b84b076fcd1a37f556f6f6e5a984e06b031810d.extensions.allizom.org/ (SHA-1 hex of the id).
// Both are what the companion's ALLOWED_EXTENSION_IDS lists.
//
// Host permissions cover only the configured platform and companion. A production build takes them
// from WXT_PLATFORM_URL and WXT_COMPANION_URL (Vite also exposes both to the code as the default
// connection); without them the build is a development build for the local emulator and companion.

/** `scheme://host/*`: match patterns without a port match every port in Chrome and Firefox. */
function originPattern(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.hostname}/*`;
}

function hostPermissions(): string[] {
  const platform = process.env.WXT_PLATFORM_URL ?? DEV_PLATFORM_URL;
  const companion = process.env.WXT_COMPANION_URL ?? DEV_COMPANION_URL;
  return [...new Set([originPattern(platform), originPattern(companion)])];
}

export default defineConfig({
  srcDir: '.',
  entrypointsDir: 'entrypoints',
  // FIELDSIDE_OUT_DIR lets the e2e harness build into its own folder (.tmp/e2e-output), so a
  // `wxt build` run by someone else in the same checkout can't swap the extension under a test.
  outDir: process.env.FIELDSIDE_OUT_DIR ?? '.output',
  vite: () => ({ plugins: [preact()] }),
  // Store uploads carry only the built extension; sources are published from the repository.
  zip: { excludeSources: ['**/*'] },
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
    permissions: ['identity', 'storage', 'alarms', 'contextMenus', ...(browser === 'chrome' ? ['sidePanel', 'scripting'] : [])],
    host_permissions: hostPermissions(),
    // The content UI chunk, imported by the content script only on pages where it found a job (the
    // platform, and https sites the user adds; Firefox MV2 gets the plain list from WXT). `scripting`
    // (Chrome) registers the sites content script at run time; Firefox uses contentScripts.register.
    // Chrome: reachable only through the per-session id runtime.getURL hands the content script, so a
    // web page cannot probe chrome-extension://<fixed id>/content-ui.js to learn that Fieldside is
    // installed. (Firefox already gives each installation its own random internal UUID.)
    web_accessible_resources: [
      { resources: ['content-ui.js'], matches: [...hostPermissions(), 'https://*/*'], ...(browser === 'chrome' ? { use_dynamic_url: true } : {}) },
    ],
    // Type "job", a space and a number, name or address in the address bar (issue 5).
    omnibox: { keyword: 'job' },
    // A keyboard shortcut opens the quick-search popup (MV2 names the toolbar button browser_action).
    commands: {
      [browser === 'chrome' ? '_execute_action' : '_execute_browser_action']: {
        suggested_key: { default: 'Alt+Shift+J' },
        description: 'Find a job',
      },
    },
    // Further platform hosts (custom domains) are asked for at run time, when the user adds them.
    // (Firefox MV2 spells it optional_permissions; WXT drops optional_host_permissions there.)
    optional_host_permissions: ['https://*/*'],
    ...(browser === 'chrome'
      ? { key: CHROME_PUBLIC_KEY }
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
