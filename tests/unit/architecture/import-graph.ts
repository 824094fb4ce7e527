import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

// The project's import graph, read from the sources: what the architecture tests check. Type-only
// imports count (a folder that needs another's types leans on it as much as one that calls it).

/** path (relative to the root, with extension) → its source text. */
export type SourceTree = ReadonlyMap<string, string>;

export interface ImportEdge {
  from: string;
  to: string;
  /** The specifier as written, for messages. */
  spec: string;
}

const SPEC =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Every .ts/.tsx file under `dirs` (relative to `root`), skipping node_modules and build output. */
export function readTree(root: string, dirs: readonly string[]): Map<string, string> {
  const tree = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name)) tree.set(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  for (const dir of dirs) if (existsSync(join(root, dir))) walk(dir);
  return tree;
}

/** The file a specifier names, or undefined for packages (and files outside the tree). */
export function resolveSpec(tree: SourceTree, from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith('@/') || spec.startsWith('~/')) base = spec.slice(2);
  else if (spec.startsWith('.')) base = join(dirname(from), spec);
  else return undefined;
  base = normalize(base);
  return EXTENSIONS.map((ext) => base + ext).find((candidate) => tree.has(candidate));
}

export function importsOf(tree: SourceTree, file: string): ImportEdge[] {
  const source = tree.get(file) ?? '';
  const edges: ImportEdge[] = [];
  for (const m of source.matchAll(SPEC)) {
    const spec = m[1] ?? m[2]!;
    const to = resolveSpec(tree, file, spec);
    if (to) edges.push({ from: file, to, spec });
  }
  return edges;
}

export function importGraph(tree: SourceTree): ImportEdge[] {
  return [...tree.keys()].flatMap((file) => importsOf(tree, file));
}

/** Every file `start` reaches through imports (itself included). */
export function reachable(tree: SourceTree, start: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !tree.has(file)) continue;
    seen.add(file);
    for (const edge of importsOf(tree, file)) queue.push(edge.to);
  }
  return seen;
}

export const isTest = (file: string): boolean => /\.test\.tsx?$/.test(file) || /(^|\/)testing\//.test(file);

export const relativeTo = relative;
