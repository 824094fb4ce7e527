import { describe, expect, it } from 'vitest';
import { toUuid } from '../../contracts/uuid';
import { createQuickNoteModel, type Send } from '../../entrypoints/quick-note/model';
import type { PageJob } from '../../lib/messaging/views';
import type { NoteView } from '../../lib/messaging/job-views';

// The quick-note page's state: the job its ticket opens, that job's latest notes, and a note added
// at once as pending, with every message naming the ticket.

const TICKET = 'T'.repeat(43);
const JOB: PageJob = {
  uuid: toUuid('00000000-0000-4000-8000-000000000001'),
  number: '1001',
  status: 'Quote',
  badges: [],
  pending: 0,
};
const note = (text: string, state: NoteView['state'] = 'sent'): NoteView => ({
  uuid: `n-${text}`,
  text,
  createdAt: null,
  author: null,
  state,
  problem: null,
});

function fakeSend(answers: { notes?: NoteView[]; closed?: boolean; failAdd?: boolean }) {
  const calls: Array<{ type: string; payload: any }> = [];
  const send = (async (type: string, payload: any) => {
    calls.push({ type, payload });
    if (answers.closed) throw new Error('This notes panel has closed. Open it again from the job badge.');
    if (type === 'quickNote.open') return JOB;
    if (type === 'quickNote.notes')
      return { notes: answers.notes ?? [], notesRead: true, canAddNote: true, customer: 'Acme' };
    if (type === 'quickNote.add') {
      if (answers.failAdd) throw new Error('The note is empty');
      return note(payload.text, 'pending');
    }
    throw new Error(`unexpected ${type}`);
  }) as Send;
  return { send, calls };
}

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('quick-note model', () => {
  it('opens the ticket’s job, then reads its notes and customer', async () => {
    const { send, calls } = fakeSend({ notes: [note('older')] });
    const model = createQuickNoteModel(send, TICKET);
    await model.open();
    expect(model.state.value?.job).toEqual(JOB);
    await settled();
    expect(model.state.value).toMatchObject({ notes: [note('older')], customer: 'Acme', canAddNote: true });
    await model.readAgain();
    expect(calls.map((c) => [c.type, c.payload.ticket])).toEqual([
      ['quickNote.open', TICKET],
      ['quickNote.notes', TICKET],
      ['quickNote.notes', TICKET],
    ]);
  });

  it('opens nothing with a ticket that opens nothing', async () => {
    const model = createQuickNoteModel(fakeSend({ closed: true }).send, TICKET);
    await expect(model.open()).rejects.toThrow('This notes panel has closed');
    expect(model.state.value).toBeNull();
  });

  it('shows an added note at once as pending, and keeps the reason when it fails', async () => {
    const ok = createQuickNoteModel(fakeSend({ notes: [note('older')] }).send, TICKET);
    await ok.open();
    await settled();
    expect(await ok.addNote('on my way')).toBe(true);
    expect(ok.state.value?.notes?.map((n) => [n.text, n.state])).toEqual([
      ['on my way', 'pending'],
      ['older', 'sent'],
    ]);

    const failing = createQuickNoteModel(fakeSend({ failAdd: true }).send, TICKET);
    await failing.open();
    expect(await failing.addNote('x')).toBe(false);
    expect(failing.state.value).toMatchObject({ saving: false, error: 'The note was not added: The note is empty' });
  });
});
