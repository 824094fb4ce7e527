import { z } from 'zod';

/**
 * The record types the spec lists as supporting webhooks (job activity, job, job payment, note, task, material,
 * company, attachment, form response), spelled as in the REST path so `object` and `resource_url` agree.
 */
export const WEBHOOK_OBJECTS = [
  'jobactivity',
  'job',
  'jobpayment',
  'note',
  'task',
  'material',
  'company',
  'attachment',
  'formresponse',
] as const;

export type WebhookObject = (typeof WEBHOOK_OBJECTS)[number];

const objectSchema = z.enum(WEBHOOK_OBJECTS, {
  error: (issue) =>
    issue.input === undefined
      ? 'object is required'
      : `object must be one of: ${WEBHOOK_OBJECTS.join(', ')}`,
});

const uniqueIdSchema = z
  .string({ error: 'unique_id must be a string' })
  .max(255, 'unique_id must be at most 255 characters')
  .default('');

/** A field name: no separators or whitespace inside, so "a, b" and "a,b" mean the same two fields. */
const fieldName = z
  .string()
  .regex(/^[^\s,]+$/, 'each field name must be non-empty, without spaces or commas');

/** `fields` arrives comma-separated in a form (the real platform's shape) or as a JSON array. */
const fieldsSchema = z
  .union([z.string(), z.array(z.string())], { error: 'fields is required (comma-separated field names)' })
  .transform((raw) => (typeof raw === 'string' ? raw.split(',') : raw).map((name) => name.trim()))
  .pipe(
    z
      .array(fieldName)
      .min(1, 'fields must name at least one field')
      .max(100, 'fields may name at most 100 fields')
      .transform((names) => [...new Set(names)]),
  );

const callbackUrlSchema = z
  .string({ error: 'callback_url is required' })
  .max(2048, 'callback_url must be at most 2048 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'callback_url must be an absolute http or https URL');

export const upsertInputSchema = z.object({
  object: objectSchema,
  fields: fieldsSchema,
  callback_url: callbackUrlSchema,
  unique_id: uniqueIdSchema,
});
export type UpsertInput = z.infer<typeof upsertInputSchema>;

export const deleteInputSchema = z.object({ object: objectSchema, unique_id: uniqueIdSchema });
export type DeleteInput = z.infer<typeof deleteInputSchema>;

export const statusSchema = z
  .enum(['active', 'inactive', 'all'], { error: 'status must be one of: active, inactive, all' })
  .default('active');
export type StatusFilter = z.infer<typeof statusSchema>;

/** The first issue's message, for the `{"errorCode":400,"message":...}` answer. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? issue.message : 'invalid request';
}
