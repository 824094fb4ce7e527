import { indexFromUuid } from './prng';
import type { Rec } from './field-kinds';
import type { Account } from './store';

/**
 * A generator of seeded records: record i is a pure function of i, so big collections cost no memory until a
 * record changes. `cheap` answers a few fields (uuid, edit_date, active, ...) without building the record, which
 * keeps filters and permission checks over 200,000 jobs fast.
 */
export interface SeededSource {
  count: number;
  kindSeed: number;
  uuidAt(i: number): string;
  build(i: number): Rec;
  /** The record as JSON text, when the source can write it faster than JSON.stringify(build(i)). */
  json?: (i: number) => string;
  cheap?: (i: number, field: string) => string | number | undefined;
}

type CheapField = (i: number) => string | number;

/** A source's `cheap`: its uuid, `active` 1 (every seeded record is active), and the fields `more` answers. */
export function cheapFields(
  uuidAt: (i: number) => string,
  more: Record<string, CheapField>,
): NonNullable<SeededSource['cheap']> {
  const table = new Map<string, CheapField>([['uuid', uuidAt], ['active', () => 1], ...Object.entries(more)]);
  return (i, field) => table.get(field)?.(i);
}

/**
 * The records of one type in one account, in a stable order: seeded records first (by index), then creates
 * appended. Updates replace a record in place, so a position names the same record for ever; that is what makes
 * cursor paging neither skip nor repeat.
 */
export interface Collection {
  size(): number;
  get(i: number): Rec;
  /** Record i as JSON text (what pages are made of). */
  json(i: number): string;
  /** A field value without building the record when possible. */
  field(i: number, field: string): string | number | undefined;
  uuidAt(i: number): string;
  indexOf(uuid: string): number | undefined;
  replace(i: number, record: Rec): void;
  append(record: Rec): number;
}

export function createCollection(source?: SeededSource): Collection {
  const base = source?.count ?? 0;
  const overrides = new Map<number, Rec>();
  const appended: Rec[] = [];
  const appendedIndex = new Map<string, number>();

  const get = (i: number): Rec => {
    if (i >= base) return appended[i - base] as Rec;
    return overrides.get(i) ?? (source as SeededSource).build(i);
  };

  return {
    size: () => base + appended.length,
    get,
    json(i) {
      if (i < base && !overrides.has(i) && source?.json) return source.json(i);
      return JSON.stringify(get(i));
    },
    field(i, field) {
      if (i < base && !overrides.has(i) && source?.cheap) {
        const value = source.cheap(i, field);
        if (value !== undefined) return value;
      }
      return get(i)[field];
    },
    uuidAt: (i) => (i >= base ? String(appended[i - base]?.uuid) : (source as SeededSource).uuidAt(i)),
    indexOf(uuid) {
      const found = appendedIndex.get(uuid);
      if (found !== undefined) return found;
      if (!source) return undefined;
      const i = indexFromUuid(source.kindSeed, uuid);
      return i !== undefined && i < base && source.uuidAt(i) === uuid ? i : undefined;
    },
    replace(i, record) {
      if (i >= base) appended[i - base] = record;
      else overrides.set(i, record);
    },
    append(record) {
      appended.push(record);
      const i = base + appended.length - 1;
      appendedIndex.set(String(record.uuid), i);
      return i;
    },
  };
}

/** An account's collection of one record type. */
export const collectionOf = (account: Account, type: string) => account.collections.get(type) as Collection;
