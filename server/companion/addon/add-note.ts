import { toUuid, type Uuid } from '../../../contracts/uuid';
import type { AccountTokenKeeper } from './account-tokens';
import { NoteSchema, StaffSchema } from './job-records';
import { noteView, withAccountToken, type Outcome, type PanelProblem } from './job-view';
import { AddNoteArgsSchema, NOTE_MAX_LENGTH, type AddNoteAnswer, type AddNoteArgs } from './note-answer';
import type { PlatformCall, PlatformReads, Result } from './platform-reads';
import { PROBLEM_WORDS } from './panel/problem-page';

// The follow-up `fieldside_add_note`: the note is written with the account's tokens as the SIGNED staff member
// (x-impersonate-uuid), so the platform records it as theirs, whatever the panel's args say. The note's uuid is
// chosen in the window, so a retry (the answer was lost) and a repeat of the very same signed event carry the same
// one: the note is read by that uuid first, as the extension's outbox does, and answered as it is if the platform
// has it already, so however often it is sent it is written once (PLATFORM-NOTES: a repeated client uuid's effect
// on create is undocumented).

const NOTE_WORDS: Partial<Record<PanelProblem, string>> = {
  not_visible:
    'The platform does not let you add notes to this job. If it should be yours, ask the office to assign it to you.',
  unavailable:
    'The platform could not be reached, so the note is not saved yet. Your text is still here: try again in a moment.',
  busy: 'The platform is busy, so the note is not saved yet. Your text is still here: try again in a minute.',
  rejected:
    'The platform did not accept this note. Your text is still here: change it and try again, or tell the office if it keeps happening.',
};

export function badArgsMessage(args: unknown): string {
  const parsed = AddNoteArgsSchema.safeParse(args);
  if (parsed.success) return '';
  const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  if (fields.has('note')) {
    const note = (args as { note?: unknown } | null)?.note;
    return typeof note === 'string' && note.trim().length > NOTE_MAX_LENGTH
      ? `This note is too long: keep it under ${NOTE_MAX_LENGTH} characters.`
      : 'Write the note first: an empty note is not saved.';
  }
  return 'Fieldside could not tell which job this note is for. Close this window and open Fieldside from the job card again.';
}

export async function writeNote(
  reads: PlatformReads,
  call: PlatformCall,
  args: AddNoteArgs,
): Promise<Outcome<AddNoteAnswer> | 'refused'> {
  const fail = (r: Result<unknown>): Outcome<AddNoteAnswer> | 'refused' =>
    r.ok
      ? { ok: false, problem: 'unavailable' }
      : r.failure === 'refused'
        ? 'refused'
        : { ok: false, problem: r.failure };
  const existing = await reads.get(call, `dbonote/${args.uuid}.json`, NoteSchema);
  let note = existing.ok ? existing.value : undefined;
  if (!existing.ok && existing.failure !== 'not_visible') return fail(existing);
  if (note && note.related_object_uuid !== args.jobUUID) {
    return {
      ok: true,
      value: {
        ok: false,
        message: 'Fieldside could not save this note. Close this window and open Fieldside from the job card again.',
      },
    };
  }
  if (!note) {
    const created = await reads.post(call, 'note.json', {
      uuid: args.uuid,
      related_object: 'job',
      related_object_uuid: args.jobUUID,
      note: args.note,
    });
    if (!created.ok) return fail(created);
    const read = await reads.get(call, `dbonote/${args.uuid}.json`, NoteSchema);
    if (!read.ok) return fail(read);
    note = read.value;
  }
  const staff = await reads.get(call, `staff/${note.edit_by_staff_uuid || call.staff}.json`, StaffSchema);
  const people = new Map(staff.ok ? [[staff.value.uuid, staff.value]] : []);
  return { ok: true, value: { ok: true, note: noteView(note, people) } };
}

/**
 * Adds notes from follow-ups. Two copies of one follow-up arriving at once (the same note uuid) share one write in
 * this process, so even they cannot both find the note absent and both create it.
 */
export function createNoteWriter(deps: { reads: PlatformReads; tokens: AccountTokenKeeper }) {
  const inFlight = new Map<string, Promise<AddNoteAnswer>>();

  async function write(account: string, staff: Uuid, args: AddNoteArgs): Promise<AddNoteAnswer> {
    const outcome = await withAccountToken(deps.tokens, account, (accessToken) =>
      writeNote(deps.reads, { accessToken, staff }, args),
    );
    if (outcome.ok) return outcome.value;
    return { ok: false, message: NOTE_WORDS[outcome.problem] ?? PROBLEM_WORDS[outcome.problem] };
  }

  return {
    /** The follow-up's answer, for the panel: the note as the platform holds it, or why not in words. */
    add(account: string, staff: Uuid, args: unknown): Promise<AddNoteAnswer> {
      const parsed = AddNoteArgsSchema.safeParse(args);
      if (!parsed.success) return Promise.resolve({ ok: false, message: badArgsMessage(args) });
      const key = `${toUuid(account)}/${parsed.data.uuid}`;
      let running = inFlight.get(key);
      if (!running) {
        running = write(account, staff, parsed.data).finally(() => inFlight.delete(key));
        inFlight.set(key, running);
      }
      return running;
    },
  };
}
