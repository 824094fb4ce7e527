import { describe, expect, it } from 'vitest';
import { createContentModel, type Send } from '../../entrypoints/content-ui/model';
import type { NoteView, PageJob } from '../../lib/messaging/views';

// The content UI's state on one page: one batched content.jobs per scan, re-reads on live events,
// the quick-note panel's notes and a pending note added at once.

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
const job = (uuid: string, number: string, status = 'Work Order'): PageJob => ({
  uuid,
  number,
  status,
  badges: [],
  pending: 0,
});
const note = (text: string, state: NoteView['state'] = 'sent'): NoteView => ({
  uuid: `n-${text}`,
  text,
  createdAt: null,
  author: null,
  state,
  problem: null,
});

function fakeSend(answers: {
  jobs?: (req: { uuids: string[]; numbers: string[] }) => PageJob[];
  notes?: NoteView[];
  fail?: boolean;
}) {
  const calls: Array<{ type: string; payload: any }> = [];
  const send = (async (type: string, payload: any) => {
    calls.push({ type, payload });
    if (type === 'content.jobs') return { jobs: answers.jobs?.(payload) ?? [] };
    if (type === 'content.notes')
      return { notes: answers.notes ?? [], notesRead: true, canAddNote: true, customer: 'Acme' };
    if (type === 'content.addNote') {
      if (answers.fail) throw new Error('The note is empty');
      return note(payload.text, 'pending');
    }
    throw new Error(`unexpected ${type}`);
  }) as Send;
  return { send, calls };
}

describe('content UI model', () => {
  it("asks for a scan's jobs in one message and never asks twice for the same ones", async () => {
    const { send, calls } = fakeSend({
      jobs: ({ uuids, numbers }) => [...uuids.map((u) => job(u, '1001')), ...numbers.map(() => job(U2, '1002'))],
    });
    const model = createContentModel(send);
    await model.track([U1], ['1002']);
    await model.track([U1], ['1002']);
    expect(calls).toEqual([{ type: 'content.jobs', payload: { uuids: [U1], numbers: ['1002'] } }]);
    expect(model.byUuid.value.get(U1)?.number).toBe('1001');
    expect(model.byNumber.value.get('1002')?.uuid).toBe(U2);
  });

  it("re-reads only the jobs it shows when they change, and the open panel's notes", async () => {
    let status = 'Work Order';
    const { send, calls } = fakeSend({
      jobs: ({ uuids }) => uuids.map((u) => job(u, '1001', status)),
      notes: [note('first')],
    });
    const model = createContentModel(send);
    await model.track([U1], []);
    model.open('host-1', U1);
    await Promise.resolve();
    status = 'Completed';
    calls.length = 0;
    await model.refresh(['99999999-0000-4000-8000-000000000000']);
    expect(calls).toEqual([]);
    await model.refresh([U1]);
    expect(calls.map((c) => c.type)).toEqual(['content.jobs', 'content.notes']);
    expect(model.byUuid.value.get(U1)?.status).toBe('Completed');
    expect(model.panel.value?.notes).toEqual([note('first')]);
    // The customer comes with the notes, when the person opens the panel: badges are told less.
    expect(model.panel.value?.customer).toBe('Acme');
  });

  it('shows an added note at once as pending, and keeps the panel open with the reason when it fails', async () => {
    const ok = createContentModel(fakeSend({ notes: [note('older')] }).send);
    ok.open('host-1', U1);
    await new Promise((r) => setTimeout(r, 0));
    expect(await ok.addNote('on my way')).toBe(true);
    expect(ok.panel.value?.notes?.map((n) => [n.text, n.state])).toEqual([
      ['on my way', 'pending'],
      ['older', 'sent'],
    ]);

    const failing = createContentModel(fakeSend({ fail: true }).send);
    failing.open('host-1', U1);
    expect(await failing.addNote('x')).toBe(false);
    expect(failing.panel.value).toMatchObject({ saving: false, error: 'The note was not added: The note is empty' });
    failing.close();
    expect(failing.panel.value).toBeNull();
  });
});
