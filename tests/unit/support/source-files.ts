import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');

/** The TypeScript files under `dir`, as paths from the repository root, sorted; `tests: false` leaves out *.test.ts(x). */
export function typescriptUnder(dir: string, { tests = true }: { tests?: boolean } = {}): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && (tests || !/\.test\.tsx?$/.test(name))) out.push(relative(ROOT, path));
    }
  };
  walk(resolve(ROOT, dir));
  return out.sort();
}

export const readSource = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');
