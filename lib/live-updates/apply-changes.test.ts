import { describe, expect, it } from 'vitest';
import { applyChanges, type ApplyTarget } from './apply-changes';
import type { FeedChange } from './types';

// Which changes a browser re-reads: the account's request budget is shared by every browser, so only the
// jobs it holds or shows, and notes only while a page could show one.

const HELD = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const NOTE = '00000000-0000-4000-8000-000000000003';

const change = (object: string, uuid: string): FeedChange => ({
  id: `p-${uuid}`,
  object,
  uuid,
  changed_fields: ['status'],
  time: '2026-11-21 07:00:00',
  resource_url: `http://127.0.0.1/api_1.0/${object}/${uuid}.json`,
});

function target(opts: { holds?: string[]; showsNotes?: boolean }) {
  const read: string[] = [];
  const t: ApplyTarget = {
    client: async () =>
      ({
        jobs: { get: async (uuid: string) => (read.push(`job/${uuid}`), { uuid }) },
        notes: { get: async (uuid: string) => (read.push(`note/${uuid}`), { uuid, related_object: 'job', related_object_uuid: HELD }) },
      }) as never,
    upsertJobs: async () => undefined,
    broadcast: () => undefined,
    ...(opts.holds ? { holds: async (uuids: readonly string[]) => new Set(uuids.filter((u) => opts.holds!.includes(u))) } : {}),
    ...(opts.showsNotes !== undefined ? { showsNotes: () => opts.showsNotes! } : {}),
  };
  return { t, read };
}

describe('applyChanges', () => {
  it('re-reads only the jobs this browser holds or shows', async () => {
    const { t, read } = target({ holds: [HELD] });
    const result = await applyChanges([change('job', HELD), change('job', OTHER)], t);
    expect(read).toEqual([`job/${HELD}`]);
    expect(result).toMatchObject({ jobs: 1, ignored: 1 });
  });

  it('reads no note while no open page could show one', async () => {
    const closed = target({ showsNotes: false });
    await applyChanges([change('note', NOTE)], closed.t);
    expect(closed.read).toEqual([]);
    const open = target({ showsNotes: true });
    await applyChanges([change('note', NOTE)], open.t);
    expect(open.read).toEqual([`note/${NOTE}`]);
  });
});

describe('a note the companion placed on its job', () => {
  it('is not read at all: pages showing its job are told, if this browser holds the job', async () => {
    const events: unknown[] = [];
    const { t, read } = target({ holds: [HELD], showsNotes: true });
    t.broadcast = (e) => void events.push(e);
    await applyChanges([{ ...change('note', NOTE), job_uuid: HELD }, { ...change('note', OTHER), job_uuid: OTHER }], t);
    expect(read).toEqual([]);
    expect(events).toEqual([{ type: 'jobs.changed', uuids: [HELD] }]);
  });
});
