import type { FieldKind, RecordTypeDef } from './field-kinds';

export type FilterOp = 'eq' | 'ne' | 'gt' | 'lt';
export interface Condition {
  field: string;
  op: FilterOp;
  value: string;
  numeric: boolean;
}

export type ParsedFilter = { ok: true; conditions: Condition[] } | { ok: false; message: string };

const MAX_CONDITIONS = 10;
const NUMERIC: ReadonlySet<FieldKind> = new Set(['flag', 'int', 'number']);
const CONDITION = /^([A-Za-z_][A-Za-z0-9_]*)\s+(eq|ne|gt|lt)\s+('((?:[^']|'')*)'|(-?\d+(?:\.\d+)?))\s*/i;

/**
 * Parses the platform's `$filter`: `<field> <op> '<value>'` with eq ne gt lt, joined by `and`, at most 10.
 * Quotes inside a value are doubled (''). Anything else is refused with a message saying what was expected.
 */
export function parseFilter(def: RecordTypeDef, text: string): ParsedFilter {
  const conditions: Condition[] = [];
  let rest = text.trim();
  if (rest === '') return { ok: false, message: '$filter is empty' };
  while (rest.length > 0) {
    const m = CONDITION.exec(rest);
    if (!m) {
      return {
        ok: false,
        message: `Malformed $filter near "${rest.slice(0, 40)}": expected <field> <eq|ne|gt|lt> '<value>' joined by 'and'`,
      };
    }
    const field = m[1] as string;
    const kind = def.fields[field];
    if (!kind) return { ok: false, message: `$filter names unknown field '${field}' of ${def.name}` };
    const value = m[4] !== undefined ? m[4].replace(/''/g, "'") : (m[5] as string);
    conditions.push({ field, op: (m[2] as string).toLowerCase() as FilterOp, value, numeric: NUMERIC.has(kind) });
    if (conditions.length > MAX_CONDITIONS)
      return { ok: false, message: `$filter allows at most ${MAX_CONDITIONS} conditions` };
    rest = rest.slice(m[0].length);
    if (rest.length === 0) break;
    const and = /^and\s+/i.exec(rest);
    if (!and)
      return {
        ok: false,
        message: `Malformed $filter near "${rest.slice(0, 40)}": conditions must be joined by 'and'`,
      };
    rest = rest.slice(and[0].length);
    if (rest.length === 0) return { ok: false, message: "Malformed $filter: nothing after 'and'" };
  }
  return { ok: true, conditions };
}

export function matches(condition: Condition, actual: string | number | undefined): boolean {
  if (actual === undefined) return false;
  if (condition.numeric) {
    const a = Number(actual);
    const b = Number(condition.value);
    if (Number.isFinite(a) && Number.isFinite(b)) return compare(a, b, condition.op);
  }
  return compare(String(actual), condition.value, condition.op);
}

function compare<T extends string | number>(a: T, b: T, op: FilterOp): boolean {
  switch (op) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'gt':
      return a > b;
    case 'lt':
      return a < b;
  }
}
