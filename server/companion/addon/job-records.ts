import { z } from 'zod';
import { PlatformUuidSchema } from '../../../contracts/uuid';

// The platform's records the panel shows, as tolerant schemas: only the fields it uses, nulls and the platform's
// quirks (blank dates as 0000-00-00, flags as 0/1 or "0"/"1", badges as a JSON string) accepted.

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const flag = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => v === undefined || v === null || String(v) !== '0');

/** What every record carries: its own uuid (a Uuid) and whether it is active. */
const RECORD = { uuid: PlatformUuidSchema, active: flag };
/** Another record a record names, as a Uuid; absent when the platform names none. */
export const linkedUuid = PlatformUuidSchema.nullish();

export const JobSchema = z.looseObject({
  ...RECORD,
  generated_job_id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === undefined || v === null ? '' : String(v))),
  status: text,
  job_address: text,
  job_description: text,
  badges: z.union([z.string(), z.array(z.string())]).nullish(),
  /** Who marked it complete (the platform sets it as the status becomes Completed); blank when it says no one. */
  completion_actioned_by_uuid: text,
});
export type Job = z.infer<typeof JobSchema>;

export const NoteSchema = z.looseObject({
  ...RECORD,
  note: text,
  related_object: text,
  related_object_uuid: linkedUuid,
  create_date: text,
  edit_by_staff_uuid: linkedUuid,
});
export type Note = z.infer<typeof NoteSchema>;

export const BadgeSchema = z.looseObject({ ...RECORD, name: text });
export const StaffSchema = z.looseObject({ ...RECORD, first: text, last: text });

/** A job's badge uuids: a JSON array in a string, as the platform sends them (or an array). */
export function badgeUuidsOf(job: Job): string[] {
  const raw = job.badges;
  if (Array.isArray(raw)) return raw;
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}
