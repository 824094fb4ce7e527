// The spec's scope table ("Scopes"), in words a person can consent to. Every scope the platform knows
// is listed here; /authorize refuses any other.

const paired = (read: string, manage: string, what: string): Array<[string, string]> => [
  [read, `Read ${what} (read-only)`],
  [manage, `Read, create, change and delete ${what}`],
];

const table: Array<[string, string]> = [
  ['staff_locations', 'See real-time GPS data of staff'],
  ['staff_activity', 'See clock on, lunch break and clock off data of staff'],
  ['publish_sms', 'Send SMS to customers or staff (account charges apply)'],
  ['read_sms', 'Read job SMS history (no sending)'],
  ['publish_email', 'Send e-mail to customers or staff'],
  ['read_email', 'Read job e-mail history (no sending)'],
  ['vendor', 'See basic account information'],
  ['vendor_logo', 'See the account logo'],
  ['vendor_email', 'See the account holder e-mail address'],
  ...paired('read_locations', 'manage_locations', 'locations'),
  ...paired('read_staff', 'manage_staff', 'staff records'),
  ...paired('read_customers', 'manage_customers', 'customers (companies)'),
  ...paired('read_suppliers', 'manage_suppliers', 'suppliers'),
  ...paired('read_customer_contacts', 'manage_customer_contacts', 'customer contacts'),
  ...paired('read_feedback', 'manage_feedback', 'feedback'),
  ...paired('read_jobs', 'manage_jobs', 'jobs'),
  ['create_jobs', 'Create jobs on behalf of the account (account charges may apply)'],
  ...paired('read_job_payments', 'manage_job_payments', 'job payments'),
  ...paired('read_job_contacts', 'manage_job_contacts', 'job contacts'),
  ...paired('read_job_materials', 'manage_job_materials', 'job materials'),
  ...paired('read_job_categories', 'manage_job_categories', 'job categories'),
  ...paired('read_job_checklists', 'manage_job_checklists', 'job checklists'),
  ...paired('read_job_queues', 'manage_job_queues', 'job queues'),
  ...paired('read_tasks', 'manage_tasks', 'tasks'),
  ...paired('read_schedule', 'manage_schedule', 'the schedule (job activities and allocations)'),
  ['read_job_admin_activity', 'Read job administration time records'],
  ['read_security_roles', 'Read security roles'],
  ...paired('read_inventory', 'manage_inventory', 'materials and material bundles'),
  ['read_job_notes', 'Read job notes'],
  ['publish_job_notes', 'Add job notes'],
  ['publish_diary_items', 'Add job diary items attributed to the add-on (no reading, changing or deleting)'],
  ['read_job_photos', 'Read job photos'],
  ['publish_job_photos', 'Add job photos'],
  ['read_job_attachments', 'Read job attachments, quotes and invoices'],
  ['publish_job_attachments', 'Add file attachments to jobs'],
  ['read_attachments', 'Read attachments and download their files'],
  ['manage_attachments', 'Create, change and delete attachments and upload files'],
  ['read_inbox', 'Read inbox messages'],
  ['publish_inbox', 'Create and manage inbox messages'],
  ['read_messages', 'Read staff messages'],
  ['publish_messages', 'Create, change and delete direct staff messages'],
  ['create_notifications', 'Send notifications from the add-on to active staff'],
  ['manage_notifications', 'Read notifications and mark them read'],
  ['manage_templates', 'Full access to e-mail, SMS and document templates'],
  ['manage_badges', 'Create and change job badges'],
  ...paired('read_assets', 'manage_assets', 'assets, asset types and asset type fields'),
  ...paired('read_forms', 'manage_forms', 'forms and form responses'),
  ...paired('read_knowledge', 'manage_knowledge', 'knowledge articles'),
  ...paired('read_service_templates', 'manage_service_templates', 'service templates'),
  ...paired('read_tax_rates', 'manage_tax_rates', 'tax rates'),
  ...paired('read_addon_storage', 'manage_addon_storage', "this add-on's account-level stored data"),
  ['read_addons', 'See add-ons developed by this account and their deployment status'],
  ['manage_addons', 'Create, deploy and manage add-ons developed by this account'],
];

/** Every scope the platform knows, with the words the consent page shows for it. */
export const SCOPE_DESCRIPTIONS: ReadonlyMap<string, string> = new Map(table);

export function isKnownScope(scope: string): boolean {
  return SCOPE_DESCRIPTIONS.has(scope);
}

/** Splits a space-separated scope parameter, dropping empty parts and duplicates, keeping order. */
export function parseScopes(param: string): string[] {
  return [...new Set(param.split(' ').filter((s) => s.length > 0))];
}
