import { dirname, posix, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { findFolderCycles } from './architecture/folder-cycles';
import { importGraph, isTest, readTree } from './architecture/import-graph';
import { checkImportRules, checkReachRules, IMPORT_RULES } from './architecture/rules';
import { checkSourceRules } from './architecture/source-rules';

// The floor plan, checked rather than remembered (shared/ARCHITECTURE.md): no folder cycles at any
// level of lib/, the "never" list, and one declaration site per contract. Each check is first shown
// to catch a planted violation in a small tree of its own, then run on the project.

const ROOT = resolve(import.meta.dirname, '../..');
const project = readTree(ROOT, ['lib', 'entrypoints', 'components', 'contracts', 'server', 'tests', 'bench']);

const fixture = (files: Record<string, string>) => new Map(Object.entries(files));

describe('folder cycles', () => {
  it('are found between rooms, between sub-rooms, and through a third folder', () => {
    const tree = fixture({
      'lib/a/one.ts': "import { b } from '../b/two';",
      'lib/b/two.ts': "import type { c } from '../c/three';",
      'lib/c/three.ts': "export { a } from '@/lib/a/one';",
      'lib/cache/store/x.ts': "import { y } from '../sync/y';",
      'lib/cache/sync/y.ts': "import { x } from '../store/x';",
      'lib/ok/leaf.ts': "import { b } from '../b/two';",
    });
    const found = findFolderCycles(importGraph(tree), 'lib');
    expect(found.map((c) => [c.level, c.members])).toEqual([
      ['lib', ['lib/a', 'lib/b', 'lib/c']],
      ['lib/cache', ['lib/cache/store', 'lib/cache/sync']],
    ]);
    expect(found[0]!.evidence).toHaveLength(3);
  });

  it('none in lib/ at any level (shipped code; tests and testing/ helpers lean on what they test)', () => {
    const shipped = importGraph(new Map([...project].filter(([f]) => f.startsWith('lib/') && !isTest(f))));
    expect(findFolderCycles(shipped, 'lib')).toEqual([]);
  });
});

describe('the never list', () => {
  it('catches a forbidden import and a forbidden reach', () => {
    const tree = fixture({
      'lib/settings/items.ts': "import { x } from '../quick-search/model';",
      'lib/quick-search/model.ts': 'export const x = 1;',
      'entrypoints/background/index.ts': "import { y } from '@/lib/outbox/runner';",
      'lib/outbox/runner.ts': "import { x } from '../quick-search/model';",
      'server/companion/app.ts': "import { startEmulator } from '../emulator/start';",
      'server/emulator/start.ts': 'export const startEmulator = 1;',
    });
    expect(checkImportRules(tree).map((v) => v.detail)).toEqual(
      expect.arrayContaining([
        'lib/settings/items.ts imports ../quick-search/model',
        'server/companion/app.ts imports ../emulator/start',
      ]),
    );
    expect(checkReachRules(tree).map((v) => v.detail)).toEqual([
      'entrypoints/background/index.ts reaches lib/quick-search/model.ts',
    ]);
  });

  it('holds for the project', () => {
    expect([...checkImportRules(project), ...checkReachRules(project)]).toEqual([]);
  });
});

describe('one declaration site per contract', () => {
  it('catches a raw storage key, an alarm listener and a database name outside their homes', () => {
    const tree = fixture({
      'lib/quick-search/scope.ts': "const s = await browser.storage.local.get('session');",
      'lib/side-panel/x.ts':
        "const k = 'local:session';\nbrowser.alarms.onAlarm.addListener(f);\nopenDB('fieldside-x');",
      'lib/settings/keys.ts': "export const K = { session: 'local:session' };",
    });
    expect(checkSourceRules(tree).map((v) => v.detail.split(':').slice(0, 2).join(':'))).toEqual([
      'lib/quick-search/scope.ts:1',
      'lib/side-panel/x.ts:1',
      'lib/side-panel/x.ts:2',
      'lib/side-panel/x.ts:3',
    ]);
  });

  it('holds for the project', () => {
    expect(checkSourceRules(project)).toEqual([]);
  });
});

describe('the never list in ESLint (eslint.config.js, as no-restricted-imports)', () => {
  const files = [...project.keys()].sort();
  const spec = (from: string, to: string) => {
    const rel = posix.relative(dirname(from), to.replace(/\.tsx?$/, ''));
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  const eslint = new ESLint({ cwd: ROOT });
  const restricted = async (file: string, specifier: string) => {
    const [result] = await eslint.lintText(`import { x } from '${specifier}';\n`, { filePath: file });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };
  // Loading the config walks the tree and compiles the rules through tsx: seconds on a busy machine, once.
  beforeAll(() => eslint.calculateConfigForFile('lib/settings/items.ts'), 60_000);

  // For each rule, a file it holds plants an import of a file it forbids, and of one every rule there allows.
  it.each(IMPORT_RULES.map((rule) => [rule.why, rule] as const))('%s', async (_why, rule) => {
    const from = files.find((f) => rule.from(f))!;
    const forbidden = files.find((f) => f !== from && !rule.allowed(f))!;
    expect(await restricted(from, spec(from, forbidden))).not.toEqual([]);
    expect(await restricted(from, `@/${forbidden.replace(/\.tsx?$/, '')}`)).not.toEqual([]);
    const held = IMPORT_RULES.filter((r) => r.from(from));
    const allowed = files.find((f) => f !== from && held.every((r) => r.allowed(f)));
    if (allowed) expect(await restricted(from, spec(from, allowed))).toEqual([]);
  });
});
