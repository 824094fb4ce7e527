import { describe, expect, it } from 'vitest';
import { toUuid } from '../../contracts/uuid';
import { createContentModel, type Send } from '../../entrypoints/content-ui/model';
import type { PageJob } from '../../lib/messaging/views';

// The content UI's state on one page: one batched content.jobs per scan, what each badge shows
// (a job, or why none: loading, not found, signed out, unavailable), re-reads on live events, and
// the quick-note panel's ticket (the frame reads the notes itself).

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';
const TICKET = 'T'.repeat(43);
const job = (uuid: string, number: string, status = 'Work Order'): PageJob => ({
  uuid: toUuid(uuid),
  number,
  status,
  badges: [],
  pending: 0,
});

function fakeSend(answers: {
  jobs?: (req: { uuids: string[]; numbers: string[] }) => PageJob[];
  signedIn?: boolean;
  whoFirst?: boolean;
  failJobs?: boolean;
  failOpen?: boolean;
}) {
  const calls: Array<{ type: string; payload: any }> = [];
  const send = (async (type: string, payload: any) => {
    calls.push({ type, payload });
    if (type === 'content.jobs') {
      if (answers.failJobs) throw new Error('No reply');
      const who = answers.whoFirst ? { whoFirst: true } : {};
      return { jobs: answers.jobs?.(payload) ?? [], signedIn: answers.signedIn ?? true, ...who };
    }
    if (type === 'content.openNotes') {
      if (answers.failOpen) throw new Error('This job is not shown on this page');
      return { ticket: TICKET };
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

  it('says for every number what its badge shows: looking up, the job, not found, signed out, who first, unavailable', async () => {
    const model = createContentModel(
      fakeSend({ jobs: ({ numbers }) => (numbers.includes('1001') ? [job(U1, '1001')] : []) }).send,
    );
    const asking = model.track([], ['1001', '4040']);
    expect(model.badgeOf('1001')).toEqual({ kind: 'loading', number: '1001' });
    await asking;
    expect(model.badgeOf('1001')).toEqual({ kind: 'job', job: job(U1, '1001') });
    expect(model.badgeOf('4040')).toEqual({ kind: 'unknown', number: '4040' });

    const signedOut = createContentModel(fakeSend({ signedIn: false }).send);
    await signedOut.track([], ['1001']);
    expect(signedOut.badgeOf('1001')).toEqual({ kind: 'signed-out', number: '1001' });

    // Signed in, "who are you" not answered: no jobs yet, and the badge says what is left, not "signed out".
    const whoFirst = createContentModel(fakeSend({ whoFirst: true }).send);
    await whoFirst.track([], ['1001']);
    expect(whoFirst.badgeOf('1001')).toEqual({ kind: 'who-first', number: '1001' });

    const failing = createContentModel(fakeSend({ failJobs: true }).send);
    await expect(failing.track([], ['1001'])).rejects.toThrow('No reply');
    expect(failing.badgeOf('1001')).toEqual({ kind: 'unavailable', number: '1001' });
  });

  it('re-reads only the jobs it shows when they change, and has the open panel read its notes again', async () => {
    let status = 'Work Order';
    const { send, calls } = fakeSend({ jobs: ({ uuids }) => uuids.map((u) => job(u, '1001', status)) });
    const model = createContentModel(send);
    await model.track([U1], []);
    await model.open('host-1', job(U1, '1001'));
    expect(model.panel.value).toMatchObject({ hostId: 'host-1', ticket: TICKET, reads: 0, problem: null });
    status = 'Completed';
    calls.length = 0;
    await model.refresh(['99999999-0000-4000-8000-000000000000']);
    expect(calls).toEqual([]);
    expect(model.panel.value?.reads).toBe(0);
    await model.refresh([U1]);
    expect(calls.map((c) => c.type)).toEqual(['content.jobs']);
    expect(model.byUuid.value.get(U1)?.status).toBe('Completed');
    expect(model.panel.value?.reads).toBe(1);
  });

  it('opens a panel with a ticket for its frame, or says why it could not', async () => {
    const { send, calls } = fakeSend({});
    const model = createContentModel(send);
    await model.open('host-1', job(U1, '1001'));
    expect(calls).toEqual([{ type: 'content.openNotes', payload: { jobUuid: U1 } }]);
    model.close();
    expect(model.panel.value).toBeNull();

    const refused = createContentModel(fakeSend({ failOpen: true }).send);
    await refused.open('host-1', job(U1, '1001'));
    expect(refused.panel.value).toMatchObject({
      ticket: null,
      problem: 'Notes could not be opened: This job is not shown on this page',
    });
  });

  it("opens the panel although its job changed while the ticket was on its way (a live change of the person's own note)", async () => {
    let answer: (value: { ticket: string }) => void = () => undefined;
    const send = (async (type: string, payload: any) => {
      if (type === 'content.jobs') return { jobs: payload.uuids.map((u: string) => job(u, '1001')), signedIn: true };
      return new Promise<{ ticket: string }>((resolve) => (answer = resolve));
    }) as Send;
    const model = createContentModel(send);
    await model.track([U1], []);
    const opening = model.open('host-1', job(U1, '1001'));
    await model.refresh([U1]);
    answer({ ticket: TICKET });
    await opening;
    expect(model.panel.value).toMatchObject({ hostId: 'host-1', ticket: TICKET, problem: null });

    // Closed (or opened on another badge) before the ticket came: the late ticket opens nothing.
    const again = model.open('host-1', job(U1, '1001'));
    model.close();
    answer({ ticket: TICKET });
    await again;
    expect(model.panel.value).toBeNull();
  });
});
