import { expect, it } from 'vitest';
import { filterQuery, useSeededEmulator } from './rest/test-support';

type Rec = Record<string, string | number>;

const emulator = useSeededEmulator({ jobs: 20_000, seed: 11 });
const { api } = emulator;

it('pages 20,000 jobs while the office changes, creates and deletes jobs: nothing skipped, nothing repeated', async () => {
  const existing = (await emulator.control.listRecords(emulator.account.uuid, 'job')).map((j) => String(j.uuid));
  expect(existing).toHaveLength(20_000);
  const seen = new Map<string, number>();
  let cursor = '-1';
  let pages = 0;
  for (;;) {
    const page = await api<Rec[]>('GET', `job.json?cursor=${cursor}`);
    expect(page.status).toBe(200);
    expect(page.body.length).toBeLessThanOrEqual(1000);
    for (const job of page.body) seen.set(String(job.uuid), (seen.get(String(job.uuid)) ?? 0) + 1);
    pages++;
    // Between pages: edit records behind and ahead of the cursor, delete one, and create new ones.
    const behind = existing[(pages * 997) % Math.min(existing.length, pages * 1000)]!;
    const ahead = existing[Math.min(existing.length - 1, pages * 1000 + 17)]!;
    await emulator.control.updateRecord(emulator.account.uuid, 'job', behind, {
      job_description: `edited on page ${pages}`,
    });
    await emulator.control.updateRecord(emulator.account.uuid, 'job', ahead, { status: 'Completed' });
    await api('DELETE', `job/${existing[pages * 1000 + 500] ?? ahead}.json`);
    await api('POST', 'job.json', { job_address: `${pages} Paging St` });
    const next = page.headers.get('x-next-cursor');
    if (!next) break;
    cursor = next;
  }
  expect(pages).toBeGreaterThanOrEqual(20);
  for (const uuid of existing) expect(seen.get(uuid), uuid).toBe(1);
  expect([...seen.values()].every((n) => n === 1)).toBe(true);
});

it('finds changed jobs with edit_date gt, as incremental sync does', async () => {
  const now = await emulator.control.now();
  await emulator.control.advanceClock(120);
  const jobs = (await api<Rec[]>('GET', 'job.json?cursor=-1')).body;
  const target = jobs[42]!;
  await emulator.control.updateRecord(emulator.account.uuid, 'job', String(target.uuid), {
    job_description: 'Changed by the office',
  });
  const stamp = (await api<Rec>('GET', `job/${target.uuid}.json`)).body.edit_date as string;
  const since = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Australia/Sydney',
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(now + 60_000);
  const changed = await api<Rec[]>('GET', `job.json?cursor=-1&${filterQuery(`edit_date gt '${since}'`)}`);
  expect(stamp > since).toBe(true);
  expect(changed.body.map((j) => j.uuid)).toContain(target.uuid);
  expect(changed.body.every((j) => String(j.edit_date) > since)).toBe(true);
});
