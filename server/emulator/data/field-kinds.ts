// What a record's fields are: each field's kind (which drives blank values and the validation of writes), the shape
// of a record type, and the field groups several types share.

export type FieldKind =
  | 'string'
  | 'uuid' // a UUID or '' (blank)
  | 'flag' // 0/1 number
  | 'flagString' // '0'/'1' string, as the platform sends some booleans
  | 'int'
  | 'number'
  | 'datetime' // YYYY-MM-DD HH:MM:SS (blank: 0000-00-00 00:00:00)
  | 'date' // YYYY-MM-DD
  | 'badges' // JSON array of badge uuids, sent as a string
  | 'status'; // job status

export type Rec = Record<string, string | number>;

export interface RecordTypeDef {
  name: string;
  fields: Record<string, FieldKind>;
  /** Fields a client may not write (uuid is written only on create). */
  readOnly: readonly string[];
  /** Fields a create must carry. */
  required: readonly string[];
}

export const JOB_STATUSES = ['Quote', 'Work Order', 'Completed', 'Unsuccessful'] as const;

/** Every record type's own fields. */
export const COMMON_FIELDS = { uuid: 'uuid', active: 'flag', edit_date: 'datetime' } as const;

/** A contact person's fields, the same on a customer's contact and a job's on-site contact. */
export const CONTACT_FIELDS = {
  first: 'string',
  last: 'string',
  phone: 'string',
  mobile: 'string',
  email: 'string',
  type: 'string',
  is_primary_contact: 'flagString',
} as const;

/** The blank value of a field kind, as the platform sends it. */
export function blankOf(kind: FieldKind): string | number {
  switch (kind) {
    case 'flag':
    case 'int':
    case 'number':
      return 0;
    case 'flagString':
      return '0';
    case 'datetime':
      return '0000-00-00 00:00:00';
    case 'badges':
      return '[]';
    case 'status':
      return 'Quote';
    default:
      return '';
  }
}

/** A record with every field of its type, blanks where `values` has none, in the type's field order. */
export function fillRecord(def: RecordTypeDef, values: Rec): Rec {
  const out: Rec = {};
  for (const [field, kind] of Object.entries(def.fields)) out[field] = values[field] ?? blankOf(kind);
  return out;
}
