import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Conventions of the extension, checked rather than remembered: only the background reaches the
// secret store, components never touch browser APIs, and storage items are declared in one place.

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
const extensionFiles = [...sources('entrypoints'), ...sources('components'), ...sources('lib')];

describe('extension conventions', () => {
  it('only the background and the session services import the secret store', () => {
    const importers = extensionFiles.filter((f) => /from ['"][^'"]*secrets\/store['"]/.test(read(f)));
    expect(importers.length).toBeGreaterThan(0);
    for (const file of importers) expect(file).toMatch(/^(entrypoints\/background\/|lib\/session\/|lib\/secrets\/)/);
  });

  it('extension pages and content scripts never import the secret store, even indirectly through lib/session services', () => {
    const pages = extensionFiles.filter((f) => f.startsWith('entrypoints/') && !f.startsWith('entrypoints/background/'));
    for (const file of pages) expect(read(file), file).not.toMatch(/lib\/secrets|session-service|token-keeper/);
  });

  it('components are pure: no browser APIs', () => {
    for (const file of sources('components')) {
      expect(read(file), file).not.toMatch(/\bbrowser\.|\bchrome\.|wxt\/browser/);
    }
  });

  // Every storage item is declared once, in lib/settings.ts, and no key names a credential (storage
  // is readable by content scripts; secrets live in lib/secrets/).
  it('every storage key is declared once, in lib/settings.ts, and none holds a credential', () => {
    const keys = extensionFiles.flatMap((f) =>
      [...read(f).matchAll(/storage\.defineItem(?:<[^(]*>)?\(\s*['"]([a-z]+:[A-Za-z0-9_.-]+)['"]/g)].map((m) => ({ file: f, key: m[1]! })),
    );
    expect(keys.map((k) => k.key)).toEqual(expect.arrayContaining(['local:connection', 'local:session', 'local:signedOutReason']));
    const seen = new Map<string, string>();
    for (const { file, key } of keys) {
      expect(seen.get(key), `${key} declared in ${seen.get(key)} and ${file}`).toBeUndefined();
      seen.set(key, file);
      expect(file, key).toMatch(/lib\/settings\.ts$/);
      expect(key, file).not.toMatch(/token|secret|password|apikey|api_key/i);
    }
  });
});
