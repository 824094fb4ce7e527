import type { ImportEdge } from './import-graph';

// Folders that lean on each other in a circle, at every level under a root: the rooms of lib/
// among themselves, then the sub-rooms of each room (cache/store, cache/sync, ...). The files that
// sit directly in a folder count as one more member of that level ("lib/search/*.ts").

export interface FolderCycle {
  /** The folder whose members form the cycle. */
  level: string;
  members: string[];
  /** One import per step of the cycle, as evidence. */
  evidence: string[];
}

/** The member of `level` that holds `file`, or undefined when the file is outside it. */
function memberOf(level: string, file: string): string | undefined {
  if (!file.startsWith(`${level}/`)) return undefined;
  const rest = file.slice(level.length + 1);
  const slash = rest.indexOf('/');
  return slash === -1 ? `${level}/*` : `${level}/${rest.slice(0, slash)}`;
}

/** Strongly connected components with more than one member (Tarjan). */
function cycles(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!order.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, order.get(to)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const node of nodes) if (!order.has(node)) visit(node);
  return out;
}

/** Every folder cycle under `root` (e.g. "lib"), at every depth. */
export function findFolderCycles(edges: readonly ImportEdge[], root: string): FolderCycle[] {
  const folders = new Set<string>([root]);
  for (const { from, to } of edges) {
    for (const file of [from, to]) {
      const parts = file.split('/');
      for (let depth = 1; depth < parts.length - 1; depth++) {
        const folder = parts.slice(0, depth + 1).join('/');
        if (folder.startsWith(`${root}/`)) folders.add(folder);
      }
    }
  }
  const found: FolderCycle[] = [];
  for (const level of [...folders].sort()) {
    const graph = new Map<string, Map<string, string>>();
    for (const edge of edges) {
      const a = memberOf(level, edge.from);
      const b = memberOf(level, edge.to);
      if (!a || !b || a === b) continue;
      if (!graph.has(a)) graph.set(a, new Map());
      if (!graph.get(a)!.has(b)) graph.get(a)!.set(b, `${edge.from} → ${edge.spec}`);
    }
    for (const members of cycles(graph.keys(), (n) => graph.get(n)?.keys() ?? [])) {
      const inCycle = new Set(members);
      const evidence = members.flatMap((m) =>
        [...(graph.get(m) ?? new Map<string, string>())].filter(([to]) => inCycle.has(to)).map(([, why]) => why),
      );
      found.push({ level, members, evidence });
    }
  }
  return found;
}
