import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './paths';

// The design tokens as declared (components/design/tokens.css), so a test compares what a surface
// computes with the one declaration site rather than with copied colours.

const css = readFileSync(resolve(ROOT, 'components/design/tokens.css'), 'utf8');
const darkAt = css.indexOf('@media (prefers-color-scheme: dark)');

function declared(block: string, name: string): string | undefined {
  return new RegExp(`--${name}:\\s*([^;]+);`).exec(block)?.[1]?.trim();
}

/** A colour token as `rgb(r, g, b)` (how getComputedStyle reports it), in the scheme asked for. */
export function tokenRgb(name: string, scheme: 'light' | 'dark'): string {
  const value =
    (scheme === 'dark' ? declared(css.slice(darkAt), name) : undefined) ?? declared(css.slice(0, darkAt), name);
  const hex = /^#([0-9a-f]{6})$/i.exec(value ?? '')?.[1];
  if (!hex) throw new Error(`--${name} is not a #rrggbb colour in tokens.css (${value})`);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
