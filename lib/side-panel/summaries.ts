// Platform records → the view models pages show (lib/messaging/views.ts). Text stays text here;
// the pages render it as text and only link through lib/field/links.ts.
import type { Company, CompanyContact, Job, Note } from '../api/schemas';
import type { DayEntry, JobSummary, NoteView } from '../messaging/views';
import type { OutboxEntry } from '../outbox';

export function jobSummary(job: Job, company: Company | undefined, badgeNames: Map<string, string> | null, pending: number): JobSummary {
  return {
    uuid: job.uuid,
    number: job.generated_job_id || job.uuid.slice(0, 8),
    status: job.status,
    customer: company?.name ?? '',
    address: job.job_address,
    badges: badgeNames ? job.badges.flatMap((b) => (badgeNames.has(b) ? [badgeNames.get(b)!] : [])) : [],
    pending,
  };
}

export function contactName(c: Pick<CompanyContact, 'first' | 'last' | 'email'>): string {
  return `${c.first} ${c.last}`.trim() || c.email;
}

/** The contact to call for a visit: the primary contact with a number, else any with one. */
export function pickContact(contacts: readonly CompanyContact[]): DayEntry['contact'] {
  const live = contacts.filter((c) => c.active);
  const withPhone = live.filter((c) => c.mobile || c.phone);
  const pick = withPhone.find((c) => c.is_primary_contact) ?? withPhone[0] ?? live[0];
  return pick ? { name: contactName(pick), phone: pick.mobile || pick.phone || null } : null;
}

export function sentNote(note: Note, staffNames: Map<string, string>): NoteView {
  return {
    uuid: note.uuid,
    text: note.note,
    createdAt: note.create_date,
    author: note.edit_by_staff_uuid ? (staffNames.get(note.edit_by_staff_uuid) ?? null) : null,
    state: 'sent',
    problem: null,
  };
}

/** An outbox note as the person sees it until the platform has it. */
export function outboxNote(entry: OutboxEntry, author: string | null): NoteView | null {
  if (entry.kind !== 'note') return null;
  const failed = entry.state === 'failed-permanent';
  return {
    uuid: entry.clientUuid,
    text: entry.payload.note,
    createdAt: null,
    author,
    state: failed ? 'failed' : 'pending',
    problem: failed && entry.lastError ? { message: entry.lastError.message, action: entry.lastError.action, seq: entry.seq } : null,
  };
}

/** Newest first: pending writes (newest last written first) above the platform's notes. */
export function mergeNotes(sent: NoteView[], entries: readonly OutboxEntry[], author: string | null): NoteView[] {
  const queued = [...entries].sort((a, b) => b.seq - a.seq).flatMap((e) => outboxNote(e, author) ?? []);
  const queuedIds = new Set(queued.map((n) => n.uuid));
  const platform = sent
    .filter((n) => !queuedIds.has(n.uuid))
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.uuid.localeCompare(a.uuid));
  return [...queued, ...platform];
}
