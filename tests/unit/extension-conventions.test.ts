import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/settings/keys';

// Conventions of the extension that are about what code says (the floor plan itself is
// tests/unit/architecture.test.ts): components never touch browser APIs, and every storage key is
// declared once and never names a credential.

const ROOT = resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(relative(ROOT, path));
    }
  };
  walk(resolve(ROOT, dir));
  return out;
}

const read = (file: string) => readFileSync(resolve(ROOT, file), 'utf8');

describe('extension conventions', () => {
  it('components are pure: no browser APIs', () => {
    for (const file of sources('components')) {
      expect(read(file), file).not.toMatch(/\bbrowser\.|\bchrome\.|wxt\/browser/);
    }
  });

  // storage.local is readable by content scripts: secrets live in lib/auth/secrets (IndexedDB).
  it('every storage key has exactly one item in lib/settings/items.ts, and none names a credential', () => {
    const items = read('lib/settings/items.ts');
    const declared = [...items.matchAll(/storage\.defineItem(?:<[^(]*>)?\(\s*STORAGE_KEYS\.(\w+)/g)].map((m) => m[1]!);
    expect(declared.sort()).toEqual(Object.keys(STORAGE_KEYS).sort());
    for (const key of Object.values(STORAGE_KEYS)) expect(key).not.toMatch(/token|secret|password|apikey|api_key/i);
  });
});
