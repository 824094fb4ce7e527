// `$filter` expressions for collection reads: `<field> <op> '<value>'` joined with `and`, up to 10
// conditions, operators eq ne gt lt only (the platform has no ge/le; reference/PLATFORM-NOTES.md).
// Call sites build a Filter with these helpers; the client URL-encodes it (unencoded, the platform
// silently ignores the filter and answers everything).

export type FilterOp = 'eq' | 'ne' | 'gt' | 'lt';
export type FilterValue = string | number | boolean;

export interface Condition {
  field: string;
  op: FilterOp;
  value: FilterValue;
}

/** A list of conditions, all of which must hold. */
export type Filter = readonly Condition[];

export const MAX_CONDITIONS = 10;
const FIELD_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const OPS: ReadonlySet<string> = new Set(['eq', 'ne', 'gt', 'lt']);

export const eq = (field: string, value: FilterValue): Condition => ({ field, op: 'eq', value });
export const ne = (field: string, value: FilterValue): Condition => ({ field, op: 'ne', value });
export const gt = (field: string, value: FilterValue): Condition => ({ field, op: 'gt', value });
export const lt = (field: string, value: FilterValue): Condition => ({ field, op: 'lt', value });

/** Combines conditions (or whole filters) into one filter. */
export function and(...parts: Array<Condition | Filter>): Filter {
  return parts.flatMap((p) => (Array.isArray(p) ? (p as Filter) : [p as Condition]));
}

/** The `$filter` text, not yet URL-encoded. Throws on more than 10 conditions or a bad field name. */
export function filterToString(filter: Filter): string {
  if (filter.length === 0) throw new RangeError('$filter needs at least one condition');
  if (filter.length > MAX_CONDITIONS) {
    throw new RangeError(`$filter allows at most ${MAX_CONDITIONS} conditions, got ${filter.length}`);
  }
  return filter
    .map(({ field, op, value }) => {
      if (!FIELD_RE.test(field)) throw new RangeError(`$filter: invalid field name ${JSON.stringify(field)}`);
      if (!OPS.has(op)) throw new RangeError(`$filter: unsupported operator ${JSON.stringify(op)}`);
      const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
      // Quotes inside a value are doubled, the OData convention the platform's filter syntax follows.
      return `${field} ${op} '${text.replaceAll("'", "''")}'`;
    })
    .join(' and ');
}

/** Query string parameters, encoded with %20 for spaces (not "+", which some servers keep literally). */
export function encodeQuery(params: Record<string, string | undefined>): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}
