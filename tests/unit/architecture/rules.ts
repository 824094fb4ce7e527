import { importsOf, isTest, reachable, type SourceTree } from './import-graph';

// The architecture's "never" list (shared/ARCHITECTURE.md), as data the tests check.

const under =
  (...folders: string[]) =>
  (file: string) =>
    folders.some((f) => file === f || file.startsWith(`${f}/`));
const not = (test: (file: string) => boolean) => (file: string) => !test(file);
const both = (a: (file: string) => boolean, b: (file: string) => boolean) => (file: string) => a(file) && b(file);

/** Files of `from` may import only files that `allowed` accepts. */
export interface ImportRule {
  why: string;
  from: (file: string) => boolean;
  allowed: (target: string) => boolean;
}

/** Nothing reachable from the `entries` may be a file `forbidden` accepts. */
export interface ReachRule {
  why: string;
  entries: (tree: SourceTree) => string[];
  forbidden: (file: string) => boolean;
}

const shipped = not(isTest);
const contracts = under('contracts');

export const IMPORT_RULES: ImportRule[] = [
  {
    why: 'contracts are leaves: shared contracts import nothing of the project',
    from: under('contracts'),
    allowed: contracts,
  },
  {
    why: 'contracts are leaves: settings import no feature room (only the database registry, for the trusted settings)',
    from: under('lib/settings'),
    allowed: under('lib/settings', 'lib/databases.ts', 'contracts'),
  },
  {
    why: 'contracts are leaves: the database registry imports nothing',
    from: under('lib/databases.ts'),
    allowed: () => false,
  },
  {
    why: 'contracts are leaves: messages import only settings',
    from: under('lib/messaging'),
    allowed: under('lib/messaging', 'lib/settings', 'contracts'),
  },
  {
    why: 'the platform client knows no extension room',
    from: under('lib/api'),
    allowed: under('lib/api', 'contracts'),
  },
  {
    why: 'the search engine is pure: it imports nothing of the extension',
    from: under('lib/search'),
    allowed: under('lib/search'),
  },
  {
    why: 'lib/ never imports entrypoints, components or the servers',
    from: both(under('lib'), shipped),
    allowed: under('lib', 'contracts'),
  },
  {
    why: 'components are pure: they import no entrypoint',
    from: under('components'),
    allowed: not(under('entrypoints', 'server', 'tests')),
  },
  {
    why: "the companion's production code never leans on the emulator or the extension",
    from: both(under('server/companion'), shipped),
    allowed: under('server/companion', 'contracts'),
  },
  {
    why: "the companion's tests start no emulator",
    from: under('server/companion'),
    allowed: under('server/companion', 'contracts', 'tests/support/companion'),
  },
  {
    why: 'the emulator is the platform: it knows nothing of Fieldside',
    from: both(under('server/emulator'), shipped),
    allowed: under('server/emulator'),
  },
  {
    why: 'only the background and the sign-in rooms hold the secret store',
    from: not(under('entrypoints/background', 'lib/auth', 'lib/account')),
    allowed: not(under('lib/auth/secrets/store.ts')),
  },
];

const entry = (pattern: RegExp) => (tree: SourceTree) => [...tree.keys()].filter((f) => pattern.test(f));
/** What runs in (or is framed into) a web page: the content scripts, their UI chunk and the quick-note page. */
const contentEntries = entry(/^entrypoints\/(([^/]+\.content|content-ui)\/index|quick-note\/main)\.tsx?$/);
const pageEntries = entry(/^entrypoints\/(?!background\/)[^/]+\/(index|main)\.tsx?$/);

export const REACH_RULES: ReachRule[] = [
  {
    why: "the background never imports the popup's room",
    entries: entry(/^entrypoints\/background\/index\.ts$/),
    forbidden: under('lib/quick-search'),
  },
  {
    why: 'content scripts (and the quick-note page framed beside them) get only what a badge needs: no search engine, no sign-in, no workspace',
    entries: contentEntries,
    forbidden: under('lib/search', 'lib/auth', 'lib/account', 'lib/workspace', 'lib/cache', 'lib/outbox'),
  },
  {
    why: 'pages and content scripts never hold tokens: no secret store, token keeper or session service',
    entries: (tree) => [...pageEntries(tree), ...contentEntries(tree)],
    forbidden: under(
      'lib/auth/secrets',
      'lib/auth/token-keeper.ts',
      'lib/auth/token-manager.ts',
      'lib/account/session-service.ts',
    ),
  },
];

export interface Violation {
  why: string;
  detail: string;
}

export function checkImportRules(tree: SourceTree, rules: readonly ImportRule[] = IMPORT_RULES): Violation[] {
  const out: Violation[] = [];
  for (const file of tree.keys()) {
    for (const rule of rules) {
      if (!rule.from(file)) continue;
      for (const edge of importsOf(tree, file))
        if (!rule.allowed(edge.to)) out.push({ why: rule.why, detail: `${file} imports ${edge.spec}` });
    }
  }
  return out;
}

export function checkReachRules(tree: SourceTree, rules: readonly ReachRule[] = REACH_RULES): Violation[] {
  const out: Violation[] = [];
  for (const rule of rules) {
    for (const start of rule.entries(tree)) {
      for (const file of reachable(tree, [start]))
        if (rule.forbidden(file)) out.push({ why: rule.why, detail: `${start} reaches ${file}` });
    }
  }
  return out;
}
