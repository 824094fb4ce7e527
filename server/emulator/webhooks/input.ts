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

/** The event subscriptions the emulator delivers (seen in the real platform's official integrations). */
export const WEBHOOK_EVENTS = ['job.status_changed', 'job.note_added', 'job.badge_added', 'job.badge_removed'] as const;

export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookObject = (name: string): name is WebhookObject =>
  (WEBHOOK_OBJECTS as readonly string[]).includes(name);
export const isWebhookEvent = (name: string): name is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(name);

const uniqueIdSchema = z
  .string({ error: 'unique_id must be a string' })
  .max(255, 'unique_id must be at most 255 characters')
  .default('');

/** A field name: no separators or whitespace inside, so "a, b" and "a,b" mean the same two fields. */
const fieldName = z.string().regex(/^[^\s,]+$/, 'each field name must be non-empty, without spaces or commas');

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

/** Which object or event is checked after the shape, so an unsupported one gets the platform's own message. */
const nameSchema = (what: 'object' | 'event') =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(100, `${what} is too long`);

export const objectInputSchema = z.object({
  object: nameSchema('object'),
  fields: fieldsSchema,
  callback_url: callbackUrlSchema,
  unique_id: uniqueIdSchema,
});
export type ObjectInput = z.infer<typeof objectInputSchema>;

export const eventInputSchema = z.object({
  event: nameSchema('event'),
  callback_url: callbackUrlSchema,
  unique_id: uniqueIdSchema,
});
export type EventInput = z.infer<typeof eventInputSchema>;

/** DELETE's identifying fields: exactly one of object or event, the unique_id, and optionally the callback_url. */
export const deleteInputSchema = z
  .object({
    object: z.string().optional(),
    event: z.string().optional(),
    unique_id: uniqueIdSchema,
    callback_url: z.string().optional(),
  })
  .refine((v) => (v.object === undefined) !== (v.event === undefined), {
    message: 'object or event is required (one of them) to name the subscription to delete',
  });
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
