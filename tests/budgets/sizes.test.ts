import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_SCRIPT_KB, checkSizeBudgets, formatBudgetRows } from '../../bench/extension/sizes';
import { BUILD_ENV_KEYS } from '../../contracts/platform-hosts';
import { CHROME_DIR, FIREFOX_DIR, ROOT } from '../e2e/support/paths';

// The size budgets of the built extension (bench/extension/sizes.ts): what each page and content
// script loads before it runs, its static imports and preloads followed, gzip -9. The e2e global
// setup built both browsers' packages. A budget is held only if its check fails when it should, so
// the last test plants the regression that once grew every content script tenfold (a sender that
// validates with the protocol's schemas) in a copy of the sources, builds the copy, and expects the
// check to refuse it.

describe('size budgets of the built extension', () => {
  it.each([
    ['Chrome', CHROME_DIR],
    ['Firefox', FIREFOX_DIR],
  ])('%s: every page and content script within its budget', (_browser, dir) => {
    const rows = checkSizeBudgets(dir);
    console.log(formatBudgetRows(rows).join('\n'));
    // Every budget found its entry: the popup, side panel, first-run page, content UI, and the content scripts.
    expect(rows.map((r) => r.entry)).toEqual(
      expect.arrayContaining([
        'popup.html',
        'sidepanel.html',
        'welcome.html',
        'content-ui.js',
        'content-scripts/platform.js',
        'content-scripts/pairing.js',
      ]),
    );
    expect(rows.filter((r) => r.over).map((r) => `${r.entry} ${(r.bytes / 1024).toFixed(1)} KB > ${r.kb} KB`)).toEqual(
      [],
    );
  });

  describe('with an import planted in a copy of the sources', () => {
    const copy = mkdtempSync(join(tmpdir(), 'fieldside-size-plant-'));
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    it('refuses a sender that imports the protocol’s schemas (popup and content script over budget)', () => {
      const skip = new Set([
        'node_modules',
        '.git',
        '.output',
        '.tmp',
        '.wxt',
        'coverage',
        'tests',
        'server',
        'bench',
        'docs',
      ]);
      cpSync(ROOT, copy, { recursive: true, filter: (src) => !skip.has(src.slice(ROOT.length + 1).split('/')[0]!) });
      symlinkSync(resolve(ROOT, 'node_modules'), resolve(copy, 'node_modules'));
      const send = resolve(copy, 'lib/messaging/send.ts');
      const source = readFileSync(send, 'utf8');
      const planted = source
        .replace(/^/, "import { EnvelopeSchema } from './protocol';\n")
        .replace('sendMessage(envelope(type, payload))', 'sendMessage(EnvelopeSchema.parse(envelope(type, payload)))');
      expect(planted).toContain('EnvelopeSchema.parse(');
      writeFileSync(send, planted);

      const out = resolve(copy, 'out');
      const env: NodeJS.ProcessEnv = { ...process.env, FIELDSIDE_OUT_DIR: out };
      for (const key of BUILD_ENV_KEYS) delete env[key];
      delete env.NODE_ENV; // as tests/e2e/global-setup.ts builds
      execFileSync('npx', ['wxt', 'build', copy, '-e', 'popup', '-e', 'popup-early', '-e', 'platform'], {
        cwd: copy,
        env,
        stdio: 'pipe', // its warnings are Vite's usual ones; a failed build throws with them
        maxBuffer: 64 * 1024 * 1024,
      });

      const rows = checkSizeBudgets(resolve(out, 'chrome-mv3'), ['popup.html', 'content-scripts/platform.js']);
      console.log(formatBudgetRows(rows).join('\n'));
      expect(rows.map((r) => [r.entry, r.over])).toEqual([
        ['content-scripts/platform.js', true],
        ['popup.html', true],
      ]);
      expect(rows[0]!.bytes).toBeGreaterThan(CONTENT_SCRIPT_KB * 1024);
    });
  });
});
