import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// What each page and content script of a built extension loads before it can run, gzip -9: its
// scripts, the chunks its HTML preloads, and every chunk those import statically, followed to the end.
// Dynamic imports are lazy and not counted. The budgets are held in `npm test` (tests/budgets/sizes.test.ts)
// and printed by `npm run bench -- extension`. The job-card panel (served by the companion, not built
// here) is held at 20 KB by tests/integration/companion/addon-event.test.ts.

export interface SizeBudget {
  /** A page (`popup.html`) or a script (`content-ui.js`), relative to the build folder. */
  entry: string;
  kb: number;
}

/** Every content script, declared or registered at run time, gets this budget on its own. */
export const CONTENT_SCRIPT_KB = 12;

export const SIZE_BUDGETS: readonly SizeBudget[] = [
  { entry: 'popup.html', kb: 30 },
  { entry: 'sidepanel.html', kb: 40 },
  { entry: 'welcome.html', kb: 40 },
  { entry: 'content-ui.js', kb: 40 },
];

export interface EntrySize {
  entry: string;
  /** gzip bytes of all `files` together */
  bytes: number;
  files: Array<{ file: string; bytes: number }>;
}

export interface BudgetRow extends EntrySize {
  kb: number;
  over: boolean;
}

const gzipBytes = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** `<script src>` and `<link rel="modulepreload" href>` of a page, as paths in the build. */
function pageScripts(dir: string, html: string): string[] {
  const text = readFileSync(resolve(dir, html), 'utf8');
  return [...text.matchAll(/<(?:script\b[^>]*\ssrc|link\b[^>]*\brel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
    (m) => resolve(dir, m[1]!.startsWith('/') ? `.${m[1]}` : m[1]!),
  );
}

/** Static `import … from "x.js"`, `import "x.js"` and `export … from "x.js"` of a built module. */
function staticImports(dir: string, file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?<![\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["']([^"']+\.js)["']/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => (s.startsWith('/') ? resolve(dir, `.${s}`) : resolve(dirname(file), s)));
}

/** One entry's initial JavaScript: its scripts and everything they import statically. */
export function entrySize(dir: string, entry: string): EntrySize {
  const start = entry.endsWith('.html') ? pageScripts(dir, entry) : [resolve(dir, entry)];
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${entry} loads ${relative(dir, file)}, which is not in the build`);
    seen.add(file);
    queue.push(...staticImports(dir, file));
  }
  const files = [...seen].map((file) => ({ file: relative(dir, file), bytes: gzipBytes(file) }));
  files.sort((a, b) => b.bytes - a.bytes);
  return { entry, bytes: files.reduce((sum, f) => sum + f.bytes, 0), files };
}

/** Every content script of the build: the manifest's and those registered at run time (content-scripts/). */
export function contentScripts(dir: string): string[] {
  const folder = resolve(dir, 'content-scripts');
  const manifest = JSON.parse(readFileSync(resolve(dir, 'manifest.json'), 'utf8')) as {
    content_scripts?: Array<{ js?: string[] }>;
  };
  const declared = (manifest.content_scripts ?? []).flatMap((c) => c.js ?? []);
  const registered = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.js'))
        .map((f) => `content-scripts/${f}`)
    : [];
  return [...new Set([...declared, ...registered])].sort();
}

/** Each budget of a build against what its entry loads; `entries` narrows it (a partial build). */
export function checkSizeBudgets(dir: string, entries?: readonly string[]): BudgetRow[] {
  const budgets = [...contentScripts(dir).map((entry) => ({ entry, kb: CONTENT_SCRIPT_KB })), ...SIZE_BUDGETS].filter(
    (b) => !entries || entries.includes(b.entry),
  );
  return budgets.map(({ entry, kb }) => {
    const size = entrySize(dir, entry);
    return { ...size, kb, over: size.bytes > kb * 1024 };
  });
}

/** One line per budget: `popup.html  29.9 KB  ≤ 30 KB  ok`. */
export function formatBudgetRows(rows: readonly BudgetRow[]): string[] {
  return rows.map(
    (r) =>
      `${r.entry.padEnd(30)} ${(r.bytes / 1024).toFixed(1).padStart(5)} KB  ≤ ${r.kb} KB  ${r.over ? 'OVER' : 'ok'}  (${r.files.length} files)`,
  );
}
