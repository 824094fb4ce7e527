import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The popup's first opening in a renderer just started lays out its first rows with an empty font cache: each family
// the page names and the machine lacks costs a synchronous lookup in the browser, per weight (docs/performance.md, the
// seventeenth step). system-ui always resolves, so naming it first keeps those lookups to one per weight.
const TOKENS = readFileSync(resolve(import.meta.dirname, 'tokens.css'), 'utf8');

function familiesOf(property: string): string[] {
  const declared = new RegExp(`${property}:\\s*([^;]+);`).exec(TOKENS)?.[1];
  if (!declared) throw new Error(`${property} is not declared in tokens.css`);
  return declared.split(',').map((name) => name.trim());
}

describe('the sans font stack', () => {
  it('names the platform UI font first and nothing the browser would look up in vain before it', () => {
    expect(familiesOf('--font-sans')[0]).toBe('system-ui');
  });

  it('ends in a generic family', () => {
    expect(familiesOf('--font-sans').at(-1)).toBe('sans-serif');
  });
});
