import { readdirSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { IMPORT_RULES, type ImportRule } from './rules';

// The "never" list (rules.ts) as ESLint's no-restricted-imports, so an editor flags a forbidden import as it is
// typed (eslint.config.js loads this). rules.ts speaks of files; the ESLint rule sees only the specifier as
// written, so for each folder of the project the forbidden files and folders are spelled as that folder's files
// would write them: relative (`../quick-search/model`) and through the `@/` alias. A folder whose every file is
// forbidden by the same rule is one pattern. The reach rules (what an entry reaches through others) need the
// whole graph and stay in tests/unit/architecture.test.ts.

const SOURCE_DIRS = ['lib', 'entrypoints', 'components', 'contracts', 'server', 'tests', 'bench'];

interface Folder {
  path: string;
  files: string[];
  folders: Folder[];
}

function readFolder(root: string, path: string): Folder {
  const folder: Folder = { path, files: [], folders: [] };
  for (const name of readdirSync(join(root, path)).sort()) {
    if (name === 'node_modules' || name.startsWith('.') || name === 'dist' || name === 'dist-edge') continue;
    const child = posix.join(path, name);
    if (statSync(join(root, child)).isDirectory()) folder.folders.push(readFolder(root, child));
    else if (/\.tsx?$/.test(name)) folder.files.push(child);
  }
  return folder;
}

const allFiles = (folder: Folder): string[] => [...folder.files, ...folder.folders.flatMap(allFiles)];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** After a folder: its end, or a path into it (never back out with `..`). */
const INTO = '(?:$|/(?!\\.\\.(?:/|$)))';

/** How a file in `from` writes `target` (a folder, or a file without its extension): `./x`, `../x`, `..`. */
function relativeSpec(from: string, target: string): string {
  const rel = posix.relative(from, target);
  return rel === '' ? '.' : rel.startsWith('..') ? rel : `./${rel}`;
}

function folderPattern(from: string, folder: string): string {
  return `^(?:${escape(relativeSpec(from, folder))}|[@~]/${escape(folder)})${INTO}`;
}

function filePattern(from: string, file: string): string {
  const bare = file.replace(/\.tsx?$/, '');
  const forms = [relativeSpec(from, bare), `[@~]/${bare}`].map((f) => (f.startsWith('[') ? f : escape(f)));
  const index = /\/index$/.test(bare) ? `|^${escape(relativeSpec(from, dirname(bare)))}/?$` : '';
  return `^(?:${forms.join('|')})(?:\\.tsx?|\\.js)?$${index}`;
}

/** The first of `rules` that forbids `target`, if any. */
const forbiddenBy = (rules: readonly ImportRule[], target: string) => rules.find((r) => !r.allowed(target));

/** The patterns for files in `from` held by `rules`: whole folders where one rule forbids all of it. */
function patternsFor(
  from: string,
  rules: readonly ImportRule[],
  tree: Folder[],
): Array<{ regex: string; message: string }> {
  const out: Array<{ regex: string; message: string }> = [];
  const visit = (folder: Folder) => {
    const files = allFiles(folder);
    const why = files.length > 0 ? forbiddenBy(rules, files[0]!) : undefined;
    if (why && files.every((f) => forbiddenBy(rules, f) === why)) {
      out.push({ regex: folderPattern(from, folder.path), message: why.why });
      return;
    }
    for (const file of folder.files) {
      const rule = forbiddenBy(rules, file);
      if (rule) out.push({ regex: filePattern(from, file), message: rule.why });
    }
    folder.folders.forEach(visit);
  };
  tree.forEach(visit);
  return out;
}

/** Flat-config blocks, one per folder and set of rules that hold there (tests are held by fewer). */
export function restrictedImportConfigs(root: string, rules: readonly ImportRule[] = IMPORT_RULES) {
  const tree = SOURCE_DIRS.map((dir) => readFolder(root, dir));
  const groups = new Map<string, { from: string; rules: ImportRule[]; files: string[] }>();
  for (const file of tree.flatMap(allFiles)) {
    const held = rules.filter((r) => r.from(file));
    if (held.length === 0) continue;
    const from = dirname(file);
    const key = `${from}|${held.map((r) => rules.indexOf(r)).join(',')}`;
    const group = groups.get(key) ?? { from, rules: held, files: [] };
    group.files.push(file);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) => ({
    name: `fieldside/never-list ${g.from}: ${g.rules.length} rules`,
    files: g.files,
    rules: { 'no-restricted-imports': ['error', { patterns: patternsFor(g.from, g.rules, tree) }] as const },
  }));
}
