// Checks records against the OpenAPI-style schemas in this folder. Test support only.
import { readFileSync } from 'node:fs';

export interface PropertySchema {
  type?: 'string' | 'integer' | 'number';
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  readOnly?: boolean;
}

export interface RecordSchema {
  properties: Record<string, PropertySchema>;
  required?: string[];
}

const load = (file: string) =>
  (JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as { schemas: Record<string, RecordSchema> })
    .schemas;

/** The record types' schemas: the reference description's, and ours for the two types it does not describe. */
export const SCHEMAS: Record<string, RecordSchema> = {
  ...load('./openapi-schemas.json'),
  ...load('./sdk-schemas.json'),
};

// Where the description's schema and the platform's own SDK disagree, the emulator serves what the SDK parses (the
// SDK is what real clients run): `company.is_individual` is an integer in the schema, a string in the SDK's model
// (npm `servicem8`, Company$inboundSchema) and in the description's own examples. The switch `isIndividual` serves
// the integer.
const companyIndividual = SCHEMAS.Company!.properties.is_individual!;
SCHEMAS.Company!.properties.is_individual = { ...companyIndividual, type: 'string', enum: ['0', '1'] };

/** Which schema describes each REST record type. */
export const SCHEMA_OF: Record<string, string> = {
  job: 'Job',
  company: 'Company',
  companycontact: 'CompanyContact',
  staff: 'Staff',
  note: 'Note',
  badge: 'Badge',
  category: 'Category',
  jobactivity: 'JobActivity',
  securityrole: 'SecurityRole',
  vendor: 'Vendor',
  jobcontact: 'JobContact',
  joballocation: 'JobAllocation',
  attachment: 'Attachment',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Everything about `value` that `schema` does not allow. Blank references ('') pass a uuid format, as the
 * platform sends them (format is an annotation in JSON Schema 2020-12; the emulator holds it anyway). */
export function propertyProblems(name: string, value: unknown, schema: PropertySchema): string[] {
  const problems: string[] = [];
  const typeOk =
    schema.type === undefined ||
    (schema.type === 'string' && typeof value === 'string') ||
    (schema.type === 'integer' && Number.isInteger(value)) ||
    (schema.type === 'number' && typeof value === 'number');
  if (!typeOk) problems.push(`${name}: ${JSON.stringify(value)} is not ${schema.type}`);
  if (schema.enum && !schema.enum.includes(value))
    problems.push(`${name}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  if (typeof value === 'string' && schema.maxLength !== undefined && value.length > schema.maxLength)
    problems.push(`${name}: longer than ${schema.maxLength}`);
  if (schema.format === 'uuid' && value !== '' && !UUID.test(String(value)))
    problems.push(`${name}: ${JSON.stringify(value)} is not a uuid`);
  if (schema.format === 'email' && value !== '' && !/^[^@\s]+@[^@\s]+$/.test(String(value)))
    problems.push(`${name}: not an e-mail address`);
  return problems;
}

/** Everything about a record its schema does not allow: fields it does not describe, missing required fields,
 * wrong values. */
export function recordProblems(record: Record<string, unknown>, schema: RecordSchema): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(record)) {
    const property = schema.properties[name];
    if (!property) problems.push(`${name}: not described`);
    else problems.push(...propertyProblems(name, value, property));
  }
  for (const name of schema.required ?? []) if (!(name in record)) problems.push(`${name}: required, missing`);
  return problems;
}
