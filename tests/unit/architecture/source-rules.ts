import { isTest, type SourceTree } from './import-graph';
import type { Violation } from './rules';

// Rules about what a source says rather than what it imports: each contract is declared in one
// place, and product code names storage keys, alarms, companion paths and databases only through it.

export interface SourceRule {
  why: string;
  /** Product files the rule applies to. */
  applies: (file: string) => boolean;
  /** Where the pattern may appear. */
  home: (file: string) => boolean;
  pattern: RegExp;
}

const product = (file: string) => /^(lib|entrypoints|components)\//.test(file) && !isTest(file);
const in_ =
  (...paths: string[]) =>
  (file: string) =>
    paths.some((p) => file === p || file.startsWith(`${p}/`));

export const SOURCE_RULES: SourceRule[] = [
  {
    why: 'storage items are declared once, in lib/settings/items.ts',
    applies: product,
    home: in_('lib/settings/items.ts'),
    pattern: /storage\.defineItem\s*[<(]/,
  },
  {
    why: 'raw storage reads name their key through lib/settings/keys.ts, never as a literal',
    applies: product,
    home: in_('lib/settings'),
    pattern: /storage\.(?:local|session|sync|managed)\.(?:get|set|remove)\(\s*(?:['"`]|\{\s*['"`]?\w+['"`]?\s*:)/,
  },
  {
    why: 'storage keys are spelled out only in lib/settings/keys.ts',
    applies: product,
    home: in_('lib/settings/keys.ts'),
    pattern: /['"`](?:local|session|sync|managed):[A-Za-z]+['"`]/,
  },
  {
    why: 'one alarm table: alarms are listened to in entrypoints/background/alarms.ts only',
    applies: product,
    home: in_('entrypoints/background/alarms.ts'),
    pattern: /alarms\.onAlarm/,
  },
  {
    why: 'IndexedDB databases are named in lib/databases.ts only',
    applies: product,
    home: in_('lib/databases.ts'),
    pattern:
      /['"`]fieldside-(?:cache:|outbox-|field-|secrets|settings)|\b(?:openDB|deleteDB|deleteDatabase|indexedDB\.open)\(\s*['"`]/,
  },
  {
    why: "the companion's HTTP API is declared once, in contracts/companion-http.ts",
    applies: (file) => product(file) || (file.startsWith('server/companion/') && !isTest(file)),
    home: in_('contracts/companion-http.ts'),
    pattern:
      /['"`]\/(?:oauth\/(?:start|token|refresh|return)|feed(?:\/register|\/rotate|\/stream)?|health|ready|activate)['"`?]/,
  },
];

export function checkSourceRules(tree: SourceTree, rules: readonly SourceRule[] = SOURCE_RULES): Violation[] {
  const out: Violation[] = [];
  for (const [file, source] of tree) {
    for (const rule of rules) {
      if (!rule.applies(file) || rule.home(file)) continue;
      const lines = source.split('\n');
      lines.forEach((line, i) => {
        if (rule.pattern.test(line)) out.push({ why: rule.why, detail: `${file}:${i + 1}: ${line.trim()}` });
      });
    }
  }
  return out;
}
