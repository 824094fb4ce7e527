import type { Principal } from '../contracts';
import { isWebhookEvent, isWebhookObject } from './input';

/**
 * The read scope a subscription needs: a subscriber reads the changed record from resource_url, so the platform
 * refuses to subscribe an app to what its token may not read (PLATFORM-NOTES: "not authorised for the app's
 * scopes"). Any listed scope suffices (manage_x includes read_x). Job events are about the job.
 */
const READ_SCOPES: Record<string, readonly string[]> = {
  job: ['read_jobs', 'manage_jobs'],
  jobactivity: ['read_schedule', 'manage_schedule'],
  jobpayment: ['read_job_payments', 'manage_job_payments'],
  note: ['read_job_notes'],
  task: ['read_tasks', 'manage_tasks'],
  material: ['read_inventory', 'manage_inventory'],
  company: ['read_customers', 'manage_customers'],
  attachment: ['read_attachments', 'manage_attachments'],
  formresponse: ['read_forms', 'manage_forms'],
};

export type Refusal = { status: 400 | 403; message: string };

function scopeRefusal(principal: Principal, what: string, scopes: readonly string[]): Refusal | undefined {
  if (principal.kind === 'api_key' || scopes.some((s) => principal.scopes.has(s))) return undefined;
  const [first, ...rest] = scopes;
  const alternatives = rest.length > 0 ? ` (or ${rest.join(' or ')})` : '';
  return {
    status: 403,
    message: `${what} is not authorised for this app: it needs the OAuth scope ${first}${alternatives}`,
  };
}

/** Why `principal` may not subscribe to `object`, or undefined when it may. Refusals are per object, so one
 * refused object leaves the app's other subscriptions as they are. */
export function objectRefusal(principal: Principal, object: string): Refusal | undefined {
  if (!isWebhookObject(object)) return { status: 400, message: `Object ${object} does not support subscription` };
  return scopeRefusal(principal, `Object ${object}`, READ_SCOPES[object] ?? []);
}

export function eventRefusal(principal: Principal, event: string): Refusal | undefined {
  if (!isWebhookEvent(event)) return { status: 400, message: `Event ${event} does not support subscription` };
  return scopeRefusal(principal, `Event ${event}`, READ_SCOPES.job ?? []);
}
