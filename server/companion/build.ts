import { build, type Metafile } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run companion:build`: the companion for Node as one self-contained ES module, so production runs it with
// plain `node` (`npm run companion:start`, the container) and needs neither tsx, TypeScript nor node_modules.
// Everything it imports is bundled, ioredis too: it is evaluated only when REDIS_URL is set, and bundling it
// keeps the container's runtime stage free of a package install (no registry at deploy time, nothing to drift).

const HERE = dirname(fileURLToPath(import.meta.url));

/** Where the build goes by default (gitignored). */
export const DEFAULT_OUT_DIR = resolve(HERE, 'dist');
/** The build's entry file inside the output folder: what `node` runs. */
export const BUILD_ENTRY_FILE = 'companion.mjs';

export interface CompanionBuild {
  /** The file to run with `node`. */
  entry: string;
  /** Bytes of the entry file (the source map beside it is not counted: it is not loaded to run). */
  bytes: number;
  /** What the build still imports at run time (esbuild's own account): Node's built-in modules only. */
  externals: string[];
}

export async function buildCompanion(outDir: string = DEFAULT_OUT_DIR): Promise<CompanionBuild> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const entry = resolve(outDir, BUILD_ENTRY_FILE);
  const result = await build({
    entryPoints: [resolve(HERE, 'main.ts')],
    outfile: entry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The repository's tsconfig extends one the extension's tooling generates (.wxt/), which a container build
    // does not have: the companion needs none of it, so every build reads the same (empty) settings.
    tsconfigRaw: '{}',
    // Bundled CommonJS packages (ioredis and its helpers) call require() for Node's built-ins, which an ES
    // module does not have: give the bundle one.
    banner: {
      js: "import { createRequire as __fieldsideCreateRequire } from 'node:module'; const require = __fieldsideCreateRequire(import.meta.url);",
    },
    minify: true,
    // Readable names in stack traces; with the source map (node --enable-source-maps) they point at our files.
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'eof',
    metafile: true,
    logLevel: 'warning',
  });
  const output = outputOf(result.metafile, entry);
  const externals = [...new Set(output.imports.filter((i) => i.external).map((i) => i.path))].sort();
  return { entry, bytes: output.bytes, externals };
}

function outputOf(metafile: Metafile, entry: string): Metafile['outputs'][string] {
  const found = Object.entries(metafile.outputs).find(([file]) => resolve(file) === entry);
  if (!found) throw new Error(`esbuild wrote no ${BUILD_ENTRY_FILE}`);
  return found[1];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2] ? resolve(process.argv[2]) : DEFAULT_OUT_DIR;
  const built = await buildCompanion(outDir);
  console.log(JSON.stringify({ entry: built.entry, bytes: built.bytes }));
}
