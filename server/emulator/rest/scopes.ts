import type { Principal } from '../contracts';

export type Verb = 'read' | 'create' | 'update' | 'delete';

interface ScopeRule {
  read: string[];
  create: string[];
  write: string[];
}

const pair = (read: string, manage: string): ScopeRule => ({ read: [read, manage], create: [manage], write: [manage] });

/**
 * The spec's scope table for the record types the emulator serves. Any listed scope suffices (manage_x implies
 * read_x). An empty list means the verb is not offered for the type at all.
 */
const RULES: Record<string, ScopeRule> = {
  job: { read: ['read_jobs', 'manage_jobs'], create: ['create_jobs', 'manage_jobs'], write: ['manage_jobs'] },
  company: pair('read_customers', 'manage_customers'),
  companycontact: pair('read_customer_contacts', 'manage_customer_contacts'),
  staff: pair('read_staff', 'manage_staff'),
  // publish_job_notes adds notes (and changes the writer's own notes); it does not read them.
  note: { read: ['read_job_notes'], create: ['publish_job_notes'], write: ['publish_job_notes'] },
  // The platform needs manage_badges even to read the badge definitions.
  badge: { read: ['manage_badges'], create: ['manage_badges'], write: ['manage_badges'] },
  category: pair('read_job_categories', 'manage_job_categories'),
  jobactivity: pair('read_schedule', 'manage_schedule'),
  joballocation: pair('read_schedule', 'manage_schedule'),
  jobcontact: pair('read_job_contacts', 'manage_job_contacts'),
  // The official SDK names these two for every Attachment operation, the file upload included; what the job-level
  // scopes (read_job_photos, publish_job_photos, …) allow through the REST API is not described (FIDELITY.md).
  attachment: pair('read_attachments', 'manage_attachments'),
  securityrole: { read: ['read_security_roles'], create: [], write: [] },
  vendor: { read: ['vendor'], create: [], write: [] },
};

export function scopesFor(type: string, verb: Verb): string[] {
  const rule = RULES[type];
  if (!rule) return [];
  return verb === 'read' ? rule.read : verb === 'create' ? rule.create : rule.write;
}

export function isReadOnlyType(type: string): boolean {
  return (RULES[type]?.write.length ?? 0) === 0;
}

/** Undefined when allowed, else the 403 message naming the missing scope. API keys have full access. */
export function missingScope(
  principal: Principal,
  type: string,
  verb: Verb,
  alternatives: string[] = [],
): string | undefined {
  if (principal.kind === 'api_key') return undefined;
  const accepted = [...scopesFor(type, verb), ...alternatives];
  if (accepted.some((scope) => principal.scopes.has(scope))) return undefined;
  const [first, ...rest] = accepted;
  const action = verb === 'read' ? 'read' : verb === 'create' ? 'create' : verb === 'update' ? 'update' : 'delete';
  return `Missing OAuth scope ${first}${rest.length > 0 ? ` (or ${rest.join(' or ')})` : ''} to ${action} ${type} records`;
}
