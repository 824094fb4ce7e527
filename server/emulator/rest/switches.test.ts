// Each position of the switches that decide what the real platform leaves unknown, over real HTTP.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filterQuery, useSeededEmulator } from './test-support';

type Rec = Record<string, string | number>;

const emulator = useSeededEmulator({ jobs: 12_000, seed: 21 });
const { api } = emulator;
beforeEach(async () => {
  await emulator.control.setSwitches({ uuidReuse: 'update', unparsableFilter: 'ignore', pageSize: 1000 });
});

/** Every page of a collection, as sizes. */
async function pageSizes(path: string): Promise<number[]> {
  const sizes: number[] = [];
  let cursor = '-1';
  for (;;) {
    const page = await api<Rec[]>('GET', `${path}${path.includes('?') ? '&' : '?'}cursor=${cursor}`);
    expect(page.status).toBe(200);
    sizes.push(page.body.length);
    const next = page.headers.get('x-next-cursor');
    if (!next) return sizes;
    cursor = next;
  }
}

describe('pageSize', () => {
  it('pages 1,000 by default and 5,000 when set, the rest on the last page', async () => {
    expect(await pageSizes('job.json')).toEqual([...Array.from({ length: 12 }, () => 1000)]);
    await emulator.control.setPageSize(5000);
    expect(await pageSizes('job.json')).toEqual([5000, 5000, 2000]);
  });

  it('changes between pages without skipping or repeating a record', async () => {
    const first = await api<Rec[]>('GET', 'job.json?cursor=-1');
    await emulator.control.setPageSize(5000);
    const second = await api<Rec[]>('GET', `job.json?cursor=${first.headers.get('x-next-cursor')}`);
    expect(second.body).toHaveLength(5000);
    const third = await api<Rec[]>('GET', `job.json?cursor=${second.headers.get('x-next-cursor')}`);
    const uuids = new Set([...first.body, ...second.body, ...third.body].map((j) => j.uuid));
    expect(uuids.size).toBe(1000 + 5000 + 5000);
  });

  it('refuses a page size the control surface cannot take, and keeps the old one', async () => {
    await expect(emulator.control.setPageSize(0)).rejects.toThrow(/400/);
    await expect(emulator.control.setSwitches({ pageSize: 20_000 })).rejects.toThrow(/400/);
    expect((await emulator.control.switches()).pageSize).toBe(1000);
  });
});

describe('unparsableFilter', () => {
  const bad = filterQuery("status like 'Quote'");

  it('ignore (the default): the filter is dropped and everything comes back, unfiltered', async () => {
    expect((await emulator.control.switches()).unparsableFilter).toBe('ignore');
    const res = await api<Rec[]>('GET', `job.json?cursor=-1&${bad}`);
    expect(res.status).toBe(200);
    expect(new Set(res.body.map((j) => j.status)).size).toBeGreaterThan(1);
    expect(res.headers.get('x-emulator-filter-ignored')).toMatch(/Malformed \$filter/);
    expect(await pageSizes(`job.json?${filterQuery('colour eq 1')}`)).toHaveLength(12);
    // A filter that parses still filters.
    const quotes = await api<Rec[]>('GET', `job.json?cursor=-1&${filterQuery("status eq 'Quote'")}`);
    expect(quotes.body.every((j) => j.status === 'Quote')).toBe(true);
  });

  it('refuse: 400 with the reason', async () => {
    await emulator.control.setUnparsableFilter('refuse');
    const res = await api<{ errorCode: number; message: string }>('GET', `job.json?cursor=-1&${bad}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errorCode: 400, message: expect.stringMatching(/Malformed \$filter/) });
  });
});

describe('uuidReuse: a create naming an existing client-chosen uuid', () => {
  let job: Rec;
  const note = (uuid: string, text: string) => ({
    uuid,
    related_object: 'job',
    related_object_uuid: job.uuid,
    note: text,
  });
  const notesOf = async () =>
    (await emulator.control.listRecords(emulator.account.uuid, 'note')).filter(
      (n) => n.related_object_uuid === job.uuid,
    );
  beforeAll(async () => {
    job = (await api<Rec[]>('GET', 'job.json?cursor=-1')).body[40]!;
  });

  it('update (the default) changes that record and makes no second one', async () => {
    const uuid = '0f0e7a10-1111-4a1a-8a1a-000000000001';
    await api('POST', 'note.json', note(uuid, 'First'));
    const again = await api('POST', 'note.json', note(uuid, 'Second'));
    expect(again.status).toBe(200);
    expect(again.headers.get('x-record-uuid')).toBe(uuid);
    expect((await notesOf()).filter((n) => n.uuid === uuid).map((n) => n.note)).toEqual(['Second']);
  });

  it('refuse answers 400 and changes nothing', async () => {
    await emulator.control.setUuidReuse('refuse');
    const uuid = '0f0e7a10-1111-4a1a-8a1a-000000000002';
    expect((await api('POST', 'note.json', note(uuid, 'First'))).status).toBe(200);
    const before = await notesOf();
    const again = await api<{ errorCode: number; message: string }>('POST', 'note.json', note(uuid, 'Second'));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ errorCode: 400, message: `A note record with uuid ${uuid} already exists` });
    expect(again.headers.get('x-record-uuid')).toBeNull();
    expect(await notesOf()).toEqual(before);
  });

  it('duplicate makes a second record under a new uuid, answered in x-record-uuid', async () => {
    await emulator.control.setUuidReuse('duplicate');
    const uuid = '0f0e7a10-1111-4a1a-8a1a-000000000003';
    await api('POST', 'note.json', note(uuid, 'First'));
    const again = await api('POST', 'note.json', note(uuid, 'Second'));
    expect(again.status).toBe(200);
    const second = again.headers.get('x-record-uuid');
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(uuid);
    const texts = new Map((await notesOf()).map((n) => [n.uuid, n.note]));
    expect(texts.get(uuid)).toBe('First');
    expect(texts.get(second!)).toBe('Second');
    // A repeated job create duplicates the job too, with its own job number.
    const jobUuid = '0f0e7a10-1111-4a1a-8a1a-000000000004';
    await api('POST', 'job.json', { uuid: jobUuid, job_address: '1 Retry St' });
    const copy = (await api('POST', 'job.json', { uuid: jobUuid, job_address: '1 Retry St' })).headers.get(
      'x-record-uuid',
    )!;
    const numbers = await Promise.all(
      [jobUuid, copy].map(async (u) => (await api<Rec>('GET', `job/${u}.json`)).body.generated_job_id),
    );
    expect(new Set(numbers).size).toBe(2);
  });
});
