// Turns a table of field readers (fields.ts) into two things that agree by construction:
// - a zod schema, the declaration other code and tests use;
// - a fast parser for hot paths (100,000 jobs per full sync), which skips zod's per-field machinery
//   but runs exactly the same readers. `schemas.test.ts` checks both give the same answers.
import { z } from 'zod';
import { INVALID, type Field } from './fields';
import { toUuid, type Uuid } from '../../contracts/uuid';

export type FieldTable = Record<string, Field<unknown>>;
export type RecordOf<T extends FieldTable> = { [K in keyof T]: T[K] extends Field<infer V> ? V : never };

/** A record that could not be read: its uuid (when it had a readable one) and why. */
export interface Skipped {
  /** The record's own uuid, when it has one: lower-cased like a read record's, so a skipped copy is still found. */
  uuid: Uuid | null;
  reason: string;
}

export interface RecordSchema<T extends FieldTable> {
  schema: z.ZodType<RecordOf<T>>;
  /** Reads one raw record; returns the record or a Skipped. Never throws. */
  parse(raw: unknown): { ok: true; value: RecordOf<T> } | { ok: false; skipped: Skipped };
}

/** A zod schema that runs one field reader. prefault(undefined): a missing key still reaches the
 * reader, which decides whether blank is allowed (zod 4 would otherwise refuse a missing key whose
 * output is not optional). */
export function zodField<T>(f: Field<T>): z.ZodType<T> {
  return z
    .unknown()
    .transform((value, ctx) => {
      const out = f.read(value);
      if (out === INVALID) {
        ctx.issues.push({ code: 'custom', message: `expected ${f.expected}`, input: value });
        return z.NEVER;
      }
      return out as T;
    })
    .prefault(undefined) as unknown as z.ZodType<T>;
}

export function defineRecord<T extends FieldTable>(table: T): RecordSchema<T> {
  const keys = Object.keys(table);
  const readers = keys.map((k) => table[k]!);

  const shape: Record<string, z.ZodType> = {};
  for (const [key, f] of Object.entries(table)) shape[key] = zodField(f);
  const schema = z.object(shape) as unknown as z.ZodType<RecordOf<T>>;

  function parse(raw: unknown): { ok: true; value: RecordOf<T> } | { ok: false; skipped: Skipped } {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      return { ok: false, skipped: { uuid: null, reason: `not an object: ${preview(raw)}` } };
    }
    const source = raw as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      const value = readers[i]!.read(source[key]);
      if (value === INVALID) {
        const id = typeof source.uuid === 'string' ? toUuid(source.uuid) : null;
        return {
          ok: false,
          skipped: { uuid: id, reason: `${key}: expected ${readers[i]!.expected}, got ${preview(source[key])}` },
        };
      }
      out[key] = value;
    }
    return { ok: true, value: out as RecordOf<T> };
  }

  return { schema, parse };
}

function preview(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

export interface ParsedPage<R> {
  records: R[];
  skipped: Skipped[];
}

/** Reads each element of a page alone: a bad record is skipped and reported, never fails the page.
 * The caller has already checked that the page is an array. */
export function parseRecords<R>(
  items: readonly unknown[],
  parse: (raw: unknown) => { ok: true; value: R } | { ok: false; skipped: Skipped },
): ParsedPage<R> {
  const records: R[] = [];
  const skipped: Skipped[] = [];
  for (const item of items) {
    const result = parse(item);
    if (result.ok) records.push(result.value);
    else skipped.push(result.skipped);
  }
  return { records, skipped };
}
