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

/** Each ASCII character's part in a uuid's hex groups: 0 a digit or a-f, 1 A-F (lowered), 2 anything else. */
const UUID_CHAR = new Uint8Array(128).fill(2);
for (const c of '0123456789abcdef') UUID_CHAR[c.charCodeAt(0)] = 0;
for (const c of 'ABCDEF') UUID_CHAR[c.charCodeAt(0)] = 1;

/** What text[from, to) holds, or-ed over its characters: 0 only digits and a-f, bit 1 some A-F, bit 2 a character
 * that is not hex. */
function hexGroup(text: string, from: number, to: number): number {
  let seen = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    seen |= c < 128 ? UUID_CHAR[c]! : 2;
  }
  return seen;
}

/** A uuid in lowercase, or INVALID. Accepts exactly what UUID_PATTERN does (schemas.test.ts holds them to it), but
 * by shape and character codes: in about half the regex's time, which was 15 % of a job's validation. */
export function readUuid(v: unknown): Uuid | Invalid {
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
  const seen = hexGroup(v, 0, 8) | hexGroup(v, 9, 13) | hexGroup(v, 14, 18) | hexGroup(v, 19, 23) | hexGroup(v, 24, 36);
  if (seen === 0) return v as Uuid;
  return seen === 1 ? toUuid(v) : INVALID;
}

/** The record's own uuid: required. */
export const uuid = field('a uuid', 'text', readUuid);

// Each reader below is a short test for what the platform sends almost always, with the rest in a function of its
// own: small enough for V8 to inline all twenty of a job's readers into the job's parser (job-fast-parse.ts), where
// whole readers went past its inlining budget and were called.

/** A reference to another record: uuid-shaped text, or null when blank. Only the shape is checked
 * (36 characters, dashes in place), not every hex digit: a reference is only ever a lookup key, and
 * a full check of every job's four references was a measurable share of a full sync. */
export function readRef(v: unknown): Uuid | null | Invalid {
  if (
    typeof v === 'string' &&
    v.length === 36 &&
    v.charCodeAt(8) === 45 &&
    v.charCodeAt(13) === 45 &&
    v.charCodeAt(18) === 45 &&
    v.charCodeAt(23) === 45
  ) {
    return lowerCase(v) as Uuid;
  }
  return v === null || v === undefined || v === '' ? null : INVALID;
}
export const ref = field('a uuid or blank', 'maybeText', readRef);

/** Free text: null and missing become "", numbers become their decimal text. */
export function readText(v: unknown): string | Invalid {
  return typeof v === 'string' ? v : textOfOther(v);
}
function textOfOther(v: unknown): string | Invalid {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return INVALID;
}
export const text = field('text', 'text', readText);

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
export function readFlag(v: unknown): boolean | Invalid {
  return v === 1 ? true : v === 0 ? false : readBool(v, false);
}
export const flag = field('0/1 or a boolean', 'flag', readFlag);
/** `active`: records are active unless the platform says 0 (delete only sets it to 0). */
export function readActive(v: unknown): boolean | Invalid {
  return v === 1 ? true : v === 0 ? false : readBool(v, true);
}
export const active = field('0/1 or a boolean', 'flag', readActive);

/** A number, possibly sent as a string; null when blank. */
export function readNum(v: unknown): number | null | Invalid {
  return typeof v === 'number' && Number.isFinite(v) ? v : numOfOther(v);
}
function numOfOther(v: unknown): number | null | Invalid {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') {
    const n = Number(v);
    return Number.isFinite(n) && v.trim() !== '' ? n : INVALID;
  }
  return INVALID;
}
export const num = field('a number or blank', 'num', readNum);

/** A local-time date or timestamp string as sent, or null for blank / `0000-00-00 00:00:00`. */
export function readDate(v: unknown): string | null | Invalid {
  if (typeof v !== 'string' || v === '') return v === null || v === undefined || v === '' ? null : INVALID;
  // The blank date starts with "0000-00-00": checked by hand first, one regex per date is enough.
  if (v.charCodeAt(0) === 48 && v.startsWith('0000-00-00')) return null;
  return DATE_RE.test(v) ? v : INVALID;
}
export const date = field('YYYY-MM-DD[ HH:MM:SS] or blank', 'maybeText', readDate);

/** `badges`: a JSON array of badge uuids sent as a string (an actual array is accepted too). */
export function readBadges(v: unknown): string[] | Invalid {
  return v === '[]' || v === '' || v === null || v === undefined ? [] : badgesOfOther(v);
}
function badgesOfOther(v: unknown): string[] | Invalid {
  let list: unknown = v;
  if (typeof v === 'string') {
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
}
export const badges = field('a JSON array of uuids', 'list', readBadges);

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
