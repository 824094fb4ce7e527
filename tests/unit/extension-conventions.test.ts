import { describe, expect, it } from 'vitest';
import { readSource, typescriptUnder } from './support/source-files';
import { STORAGE_KEYS } from '../../lib/settings/keys';

// Conventions of the extension that are about what code says (the floor plan itself is
// tests/unit/architecture.test.ts): components never touch browser APIs, and every storage key is
// declared once and never names a credential.

const sources = (dir: string) => typescriptUnder(dir, { tests: false });
const read = readSource;

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
