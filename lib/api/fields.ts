import { toUuid, UUID_PATTERN, type Uuid } from '../../contracts/uuid';
// Tolerant field readers for the platform's records. The real platform sends blank dates as
// `0000-00-00 00:00:00`, booleans as 0/1/"0"/"1", numbers as strings and `badges` as a JSON string
// (reference/PLATFORM-NOTES.md). Each reader is a plain function that returns the normalised value
// or INVALID; `schemas.ts` turns a table of readers into a zod schema AND into a fast parser, so the
// two can never disagree about what a record is.

export const INVALID: unique symbol = Symbol('invalid');
export type Invalid = typeof INVALID;

/** How a value of the field is kept in a cache column (lib/cache/store/segment-codec.ts). */
export type StorageKind = 'text' | 'maybeText' | 'flag' | 'num' | 'list';

export interface Field<T, K extends StorageKind = StorageKind> {
  read(value: unknown): T | Invalid;
  /** What the field must be, for the skip reason. */
  expected: string;
  kind: K;
}

const field = <T, K extends StorageKind>(
  expected: string,
  kind: K,
  read: (value: unknown) => T | Invalid,
): Field<T, K> => ({ expected, kind, read });

// What the platform sends almost always: lowercase, so no new string has to be made.
const LOWER_UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Local time as the platform writes it; a "T" separator and fractional seconds are tolerated.
const DATE_RE = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** A character toLowerCase might change: an ASCII capital, or anything past ASCII. */
const MAY_LOWER_RE = /[A-Z\u0080-\uffff]/;

/** `text` in lower case: itself when it has nothing to lower (the platform's uuids all but always), since
 * toLowerCase makes a new string every time, and a full sync lowers half a million uuids and job numbers. The
 * check is a regex: it scans a uuid in about half the time of a loop over its characters (the worker's profile). */
export function lowerCase(text: string): string {
  return MAY_LOWER_RE.test(text) ? text.toLowerCase() : text;
}

/** A uuid in lowercase, or INVALID. */
const readUuid = (v: unknown): Uuid | Invalid => {
  if (typeof v !== 'string') return INVALID;
  if (LOWER_UUID_RE.test(v)) return v as Uuid;
  return UUID_PATTERN.test(v) ? toUuid(v) : INVALID;
};

/** The record's own uuid: required. */
export const uuid = field('a uuid', 'text', readUuid);

/** A reference to another record: uuid-shaped text, or null when blank. Only the shape is checked
 * (36 characters, dashes in place), not every hex digit: a reference is only ever a lookup key, and
 * a full check of every job's four references was a measurable share of a full sync. */
export const ref = field('a uuid or blank', 'maybeText', (v): Uuid | null | Invalid => {
  if (v === null || v === undefined || v === '') return null;
  if (
    typeof v !== 'string' ||
    v.length !== 36 ||
    v.charCodeAt(8) !== 45 ||
    v.charCodeAt(13) !== 45 ||
    v.charCodeAt(18) !== 45 ||
    v.charCodeAt(23) !== 45
  ) {
    return INVALID;
  }
  return lowerCase(v) as Uuid;
});

/** Free text: null and missing become "", numbers become their decimal text. */
export const text = field('text', 'text', (v) => {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return INVALID;
});

/** Text that must be present and non-empty (names, statuses). */
export const requiredText = field('non-empty text', 'text', (v) => {
  if (typeof v === 'string') return v.length > 0 ? v : INVALID;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return INVALID;
});

const readBool = (v: unknown, missing: boolean): boolean | Invalid => {
  switch (v) {
    case 1:
    case '1':
    case true:
    case 'true':
      return true;
    case 0:
    case '0':
    case false:
    case 'false':
      return false;
    case null:
    case undefined:
    case '':
      return missing;
    default:
      return INVALID;
  }
};
/** A flag that defaults to false when blank (activity_was_scheduled, is_individual, ...). */
export const flag = field('0/1 or a boolean', 'flag', (v) => readBool(v, false));
/** `active`: records are active unless the platform says 0 (delete only sets it to 0). */
export const active = field('0/1 or a boolean', 'flag', (v) => readBool(v, true));

/** A number, possibly sent as a string; null when blank. */
export const num = field('a number or blank', 'num', (v) => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : INVALID;
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') {
    const n = Number(v);
    return Number.isFinite(n) && v.trim() !== '' ? n : INVALID;
  }
  return INVALID;
});

/** A local-time date or timestamp string as sent, or null for blank / `0000-00-00 00:00:00`. */
export const date = field('YYYY-MM-DD[ HH:MM:SS] or blank', 'maybeText', (v) => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v !== 'string') return INVALID;
  // The blank date starts with "0000-00-00": checked by hand first, one regex per date is enough.
  if (v.charCodeAt(0) === 48 && v.startsWith('0000-00-00')) return null;
  return DATE_RE.test(v) ? v : INVALID;
});

/** `badges`: a JSON array of badge uuids sent as a string (an actual array is accepted too). */
export const badges = field('a JSON array of uuids', 'list', (v) => {
  if (v === null || v === undefined || v === '') return [];
  let list: unknown = v;
  if (typeof v === 'string') {
    if (v === '[]') return [];
    try {
      list = JSON.parse(v);
    } catch {
      return INVALID;
    }
  }
  if (!Array.isArray(list)) return INVALID;
  const out: string[] = [];
  for (const item of list) {
    const id = readUuid(item);
    if (id === INVALID) return INVALID;
    out.push(id);
  }
  return out;
});

/** A list of strings, or a comma-separated string of them (webhook `fields`). */
export const stringList = field('a list of strings', 'list', (v) => {
  if (Array.isArray(v)) return v.every((s) => typeof s === 'string') ? (v as string[]) : INVALID;
  if (typeof v === 'string')
    return v === ''
      ? []
      : v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  return INVALID;
});
