import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NotificationDeclared, NotificationSchema } from './notification';

// NotificationSchema is the declared schema compiled by zod (z.compile): it must accept exactly what the declared
// schema accepts, give the same data, and refuse in the same words (the webhook's answer says them in `ignored`).

const UUID = '6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab';
const GOOD = {
  object: 'job',
  entry: [{ changed_fields: ['status', 'notes'], time: '2026-11-29 21:00:00', uuid: UUID }],
  resource_url: 'https://api.example.test/api_1.0/job/6f1c2d3e.json',
};

type Json = unknown;

/** Values a sender might put anywhere: wrong types, edges of each limit, the URL parser's own rewrites. */
const ODD_VALUES: Json[] = [
  undefined,
  null,
  0,
  1.5,
  true,
  '',
  ' ',
  'x',
  'x'.repeat(64),
  'x'.repeat(65),
  'x'.repeat(128),
  'x'.repeat(129),
  [],
  [''],
  ['a'],
  {},
  [{}],
  '2026-11-29 21:00:00',
  '2026-11-29T21:00:00Z',
  '2026-11-29 21:00:00 ',
  UUID,
  UUID.toUpperCase(),
  `${UUID} `,
  '6f1c2d3e-4a5b-4c6d-8e7f-0123456789a',
  'https://api.example.test/api_1.0/job/1',
  '  https://api.example.test/api_1.0/job/1  ',
  'https://api.exa\tmple.test/api_1.0/job/1',
  'https://api.example.test/api_1.0/\njob/1',
  'http:example.test',
  'not a url',
  `https://api.example.test/${'p'.repeat(2030)}`,
  `https://api.example.test/${'p'.repeat(2040)}`,
  ` https://api.example.test/${'p'.repeat(2023)} `,
  'é',
  '\u2028',
  Array.from({ length: 200 }, (_, i) => `f${i}`),
  Array.from({ length: 201 }, (_, i) => `f${i}`),
  ['ok', 7],
];

/** Every notification that differs from `base` at one place (or has one key more or less). */
function variants(base: Json): Json[] {
  const out: Json[] = [...ODD_VALUES];
  if (Array.isArray(base)) {
    base.forEach((item, i) => {
      for (const v of variants(item)) out.push(base.map((x, j) => (j === i ? v : x)));
    });
    out.push([...base, ...base], base.slice(1));
  } else if (typeof base === 'object' && base !== null) {
    const record = base as Record<string, Json>;
    for (const key of Object.keys(record)) {
      for (const v of variants(record[key])) out.push({ ...record, [key]: v });
      const { [key]: _dropped, ...rest } = record;
      out.push(rest);
    }
    out.push({ ...record, extra: 'kept out' });
  }
  return out;
}

const same = (input: Json) => {
  const declared = NotificationDeclared.safeParse(input);
  const compiled = NotificationSchema.safeParse(input);
  expect(compiled.success).toBe(declared.success);
  if (declared.success) expect(compiled.data).toEqual(declared.data);
  else expect(z.prettifyError(compiled.error!)).toBe(z.prettifyError(declared.error));
  return declared.success;
};

describe('the notification schema, compiled', () => {
  it('is compiled (zod generated its check), not the declared schema handed back', () => {
    expect(NotificationSchema).not.toBe(NotificationDeclared);
  });

  it('accepts what the declared schema accepts, with the same data, and refuses the rest in its words', () => {
    const inputs = [GOOD, ...variants(GOOD)];
    // Through JSON as well: what a webhook body parses to.
    for (const input of inputs) same(input === undefined ? input : JSON.parse(JSON.stringify(input)));
    const accepted = inputs.filter((input) => same(input));
    // Both kinds were tried, and many of each.
    expect(accepted.length).toBeGreaterThan(20);
    expect(inputs.length - accepted.length).toBeGreaterThan(200);
  });

  it('says why in the same words for each kind of bad notification', () => {
    const words = (input: Json) => {
      const parsed = NotificationSchema.safeParse(input);
      return parsed.success ? 'accepted' : z.prettifyError(parsed.error);
    };
    expect(words({ ...GOOD, entry: [{ ...GOOD.entry[0], time: '2026-11-29T21:00:00Z' }] })).toBe(
      '✖ time must be YYYY-MM-DD HH:MM:SS (UTC)\n  → at entry[0].time',
    );
    expect(words({ ...GOOD, entry: [] })).toBe('✖ entry must hold exactly one element\n  → at entry');
    expect(words({ ...GOOD, resource_url: 'not a url' })).toBe('✖ Invalid URL\n  → at resource_url');
    expect(words({ ...GOOD, object: 7 })).toBe('✖ Invalid input: expected string, received number\n  → at object');
    expect(words({ ...GOOD, entry: [{ ...GOOD.entry[0], uuid: 'x' }] })).toBe('✖ Invalid GUID\n  → at entry[0].uuid');
    expect(words([GOOD])).toBe('✖ Invalid input: expected object, received array');
  });
});
