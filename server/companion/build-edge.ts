import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Message, type Plugin } from 'esbuild';

// `npm run companion:build:edge`: the edge entry (edge.ts) as one self-contained ES module for a Workers-style
// runtime, which has Web APIs (fetch, crypto.subtle, streams) and none of Node's. The build fails, naming the file,
// when anything it would hold needs Node: an import of a Node built-in (caught while bundling, before esbuild could
// pick a look-alike package from node_modules), an import left for run time (an edge runtime has no node_modules),
// or a Node global such as Buffer in the companion's own code (caught by type-checking it without Node's types,
// tsconfig.edge.json).

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
export const EDGE_ENTRY = resolve(HERE, 'edge.ts');
export const EDGE_OUTFILE = resolve(HERE, 'dist-edge/companion.mjs');

export class EdgeBuildError extends Error {
  override readonly name = 'EdgeBuildError';
}

const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const NODE_BUILTIN = new RegExp(`^(node:.*|(${builtinModules.map(escape).join('|')})(/.*)?)$`);

const refuseNodeBuiltins: Plugin = {
  name: 'refuse-node-builtins',
  setup(b) {
    b.onResolve({ filter: NODE_BUILTIN }, (args) => ({
      errors: [{ text: `"${args.path}" is a Node built-in, which an edge runtime does not have` }],
    }));
  },
};

function describe(messages: readonly Message[]): string {
  return messages.map((m) => (m.location ? `${m.location.file}:${m.location.line}: ${m.text}` : m.text)).join('\n');
}

export interface EdgeBundle {
  outfile: string;
  bytes: number;
  /** Every source file the bundle holds, relative to the repository. */
  inputs: string[];
}

/** Bundles `entry` (the edge entry by default); throws EdgeBuildError naming every import an edge runtime lacks. */
export async function bundleEdge(opts: { entry?: string; outfile?: string } = {}): Promise<EdgeBundle> {
  const outfile = opts.outfile ?? EDGE_OUTFILE;
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [opts.entry ?? EDGE_ENTRY],
    outfile,
    bundle: true,
    platform: 'neutral',
    format: 'esm',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'browser'],
    minify: true,
    sourcemap: 'external',
    metafile: true,
    logLevel: 'silent',
    plugins: [refuseNodeBuiltins],
  }).catch((error: unknown) => {
    const errors = (error as { errors?: Message[] }).errors;
    throw new EdgeBuildError(`The edge bundle cannot be built:\n${errors ? describe(errors) : String(error)}`, {
      cause: error,
    });
  });
  const output = result.metafile.outputs[relative(ROOT, outfile)];
  const left = (output?.imports ?? []).filter((i) => i.external).map((i) => i.path);
  if (left.length > 0) throw new EdgeBuildError(`The edge bundle would import at run time: ${left.join(', ')}`);
  return { outfile, bytes: statSync(outfile).size, inputs: Object.keys(result.metafile.inputs) };
}

/** Type-checks what `entry` (the edge entry by default) imports against Web APIs only; throws EdgeBuildError
 * with tsc's findings. */
export function checkEdgeUsesWebApisOnly(opts: { entry?: string } = {}): void {
  const dir = mkdtempSync(join(tmpdir(), 'fieldside-edge-check-'));
  try {
    const config = join(dir, 'tsconfig.json');
    writeFileSync(
      config,
      JSON.stringify({ extends: resolve(HERE, 'tsconfig.edge.json'), files: [opts.entry ?? EDGE_ENTRY] }),
    );
    const run = spawnSync(resolve(ROOT, 'node_modules/typescript-native/bin/tsc'), ['-p', config], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    if (run.status !== 0) {
      throw new EdgeBuildError(`The edge bundle's code uses what only Node has:\n${(run.stdout + run.stderr).trim()}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The whole build: the Web-API check, then the bundle. */
export async function buildEdge(opts: { outfile?: string } = {}): Promise<EdgeBundle> {
  checkEdgeUsesWebApisOnly();
  return bundleEdge(opts);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildEdge().then(
    (bundle) => console.log(JSON.stringify({ outfile: relative(ROOT, bundle.outfile), bytes: bundle.bytes })),
    (error: unknown) => {
      console.error(error instanceof EdgeBuildError ? error.message : error);
      process.exit(1);
    },
  );
}
