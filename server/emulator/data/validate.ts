import { z } from 'zod';
import { JOB_STATUSES, type FieldKind, type Rec, type RecordTypeDef } from './field-kinds';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATETIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

export const isUuid = (value: string) => UUID_RE.test(value);

// Form-encoded bodies carry every value as a string, so numbers and flags also accept their string forms.
const flag = z.union([
  z.literal(0),
  z.literal(1),
  z.enum(['0', '1']).transform(Number),
  z.boolean().transform((b) => (b ? 1 : 0)),
]);
const numeric = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

const byKind: Record<FieldKind, z.ZodType<string | number>> = {
  string: z.union([z.string(), z.number().transform(String)]),
  uuid: z.string().refine((v) => v === '' || UUID_RE.test(v), 'must be a UUID or blank'),
  flag,
  flagString: flag.transform(String),
  int: z.union([
    z.number().int(),
    z
      .string()
      .regex(/^-?\d+$/)
      .transform(Number),
  ]),
  number: numeric,
  datetime: z
    .string()
    .refine((v) => v === '' || DATETIME_RE.test(v), "must be 'YYYY-MM-DD HH:MM:SS'")
    .transform((v) => v || '0000-00-00 00:00:00'),
  date: z.string().refine((v) => v === '' || DATE_RE.test(v), "must be 'YYYY-MM-DD'"),
  badges: z.string().refine((v) => {
    if (v === '') return true;
    try {
      const parsed: unknown = JSON.parse(v);
      return Array.isArray(parsed) && parsed.every((b) => typeof b === 'string' && UUID_RE.test(b));
    } catch {
      return false;
    }
  }, 'must be a JSON array of badge UUIDs, sent as a string'),
  status: z.enum(JOB_STATUSES),
};

export type Validated = { ok: true; fields: Rec } | { ok: false; message: string };

/**
 * Checks a create or update body against its type: unknown fields, read-only fields and wrong types are refused
 * with a message naming the field, and nothing is written.
 */
export function validateWrite(def: RecordTypeDef, body: Record<string, unknown>, creating: boolean): Validated {
  const fields: Rec = {};
  for (const [name, value] of Object.entries(body)) {
    const kind = def.fields[name];
    if (!kind) return { ok: false, message: `Unknown field '${name}' for record type ${def.name}` };
    if (name === 'uuid' && !creating) continue; // checked against the path by the caller
    if (def.readOnly.includes(name)) return { ok: false, message: `Field '${name}' of ${def.name} is read-only` };
    const parsed = byKind[kind].safeParse(value);
    if (!parsed.success) {
      const why = parsed.error.issues[0]?.message ?? 'invalid value';
      return { ok: false, message: `Invalid value for field '${name}' of ${def.name}: ${why}` };
    }
    fields[name] = parsed.data;
  }
  if (creating) {
    for (const name of def.required) {
      if (fields[name] === undefined || fields[name] === '') {
        return { ok: false, message: `Field '${name}' is required to create a ${def.name}` };
      }
    }
  }
  return { ok: true, fields };
}
