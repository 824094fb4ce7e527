import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
/** The e2e builds' own output folder (wxt.config.ts reads FIELDSIDE_OUT_DIR), apart from `.output`,
 * which `npm start` and anyone's `wxt build` rewrite. */
export const E2E_OUT_DIR = resolve(ROOT, '.tmp/e2e-output');
export const CHROME_DIR = resolve(E2E_OUT_DIR, 'chrome-mv3');
export const FIREFOX_DIR = resolve(E2E_OUT_DIR, 'firefox-mv2');

/** The store zips `wxt zip` wrote (fieldside-<version>-chrome.zip, -firefox.zip). */
export function builtZips(): string[] {
  return readdirSync(E2E_OUT_DIR)
    .filter((f) => f.endsWith('.zip') && !f.includes('sources'))
    .map((f) => resolve(E2E_OUT_DIR, f));
}
