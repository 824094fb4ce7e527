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
