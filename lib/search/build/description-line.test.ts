import { expect, it } from 'vitest';
import { descriptionLine, LINE_CHARS } from './description-line';

it("keeps a description's first line with text, as a prefix of it (so a match's ranges still point into it)", () => {
  expect(descriptionLine('Replace 6 downlights\nand check wiring')).toBe('Replace 6 downlights');
  expect(descriptionLine('\n\n  Leaking tap\r\nkitchen')).toBe('\n\n  Leaking tap');
  expect(descriptionLine('')).toBe('');
  const long = 'x'.repeat(200);
  expect(descriptionLine(long)).toBe('x'.repeat(LINE_CHARS));
  for (const d of ['Boiler service', '\nGas leak\nurgent', long]) expect(d.startsWith(descriptionLine(d))).toBe(true);
});

/** The regular-expression form it replaced: the one it must agree with. */
function lineByRegex(description: string): string {
  let start = 0;
  while (start < description.length && /\s/.test(description[start]!)) start++;
  const newline = description.slice(start).search(/[\r\n]/);
  const end = newline < 0 ? description.length : start + newline;
  return description.slice(0, Math.min(end, start + LINE_CHARS));
}

it('agrees with \\s and [\\r\\n] for every code unit, leading or inside', () => {
  for (let code = 0; code < 0x10000; code++) {
    const c = String.fromCharCode(code);
    for (const d of [`${c}ab`, `${c}${c}x\ny`, `a${c}b${c}`, `${c}${'y'.repeat(95)}`, c]) {
      if (descriptionLine(d) !== lineByRegex(d)) expect([code, descriptionLine(d)]).toEqual([code, lineByRegex(d)]);
    }
  }
  for (const d of ['', ' ', '\r\n', 'x'.repeat(90), 'x'.repeat(91), `${' '.repeat(100)}a`, `  ${'z'.repeat(89)}\nq`])
    expect(descriptionLine(d)).toBe(lineByRegex(d));
});
