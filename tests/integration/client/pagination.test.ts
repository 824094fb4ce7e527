// Cursor pagination through 20,000 jobs on the real emulator: no record skipped or repeated while
// records change during the walk; resume from a saved cursor; malformed records skipped and counted.
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../lib/api/schemas';
import { startPlatform, type Platform } from './platform';
import { setUpFile } from '../../support/set-up-file';

let platform: Platform;
setUpFile(async (own) => {
  platform = own(await startPlatform({ jobs: 20_000, seed: 11 }));
});

describe('pagination through 20,000 jobs', () => {
  it('sees every job exactly once while jobs change and are created during the walk', async () => {
    const { control, account } = platform;
    const before = (await control.listRecords(account.uuid, 'job')).map((r) => String(r.uuid));
    expect(before).toHaveLength(20_000);
    const api = platform.apiKeyClient();
    const seen = new Map<string, number>();
    const created: string[] = [];
    let pages = 0;
    for await (const page of api.jobs.pages()) {
      pages++;
      for (const job of page.records) seen.set(job.uuid, (seen.get(job.uuid) ?? 0) + 1);
      expect(page.skipped).toEqual([]);
      // The office works while we page: change a job already read, one not read yet, and add one.
      const read = before[Math.min(pages * 1000, before.length) - 10]!;
      const ahead = before[Math.min(pages * 1000 + 500, before.length - 1)]!;
      await control.updateRecord(account.uuid, 'job', read, { status: 'Completed' });
      await control.updateRecord(account.uuid, 'job', ahead, { job_description: `changed during page ${pages}` });
      // (A job created after the last page is read is for the next sync: only create while pages remain.)
      if (page.nextCursor !== null) {
        created.push(await control.createRecord(account.uuid, 'job', { job_description: `new during page ${pages}` }));
      }
    }
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    for (const uuid of [...before, ...created]) expect(seen.has(uuid)).toBe(true);
    expect(seen.size).toBe(before.length + created.length);
    expect(pages).toBeGreaterThanOrEqual(20);
  });

  it('resumes from a saved cursor exactly where the walk stopped', async () => {
    const api = platform.apiKeyClient();
    const first: Job[] = [];
    let saved: string | null = null;
    for await (const page of api.jobs.pages()) {
      first.push(...page.records);
      saved = page.nextCursor; // what a sync would store after writing the page
      if (first.length >= 3000) break;
    }
    expect(saved).not.toBeNull();
    const rest: Job[] = [];
    for await (const page of api.jobs.pages({ cursor: saved! })) rest.push(...page.records);
    const all = [...first, ...rest].map((j) => j.uuid);
    expect(new Set(all).size).toBe(all.length);
    const expected = (await platform.control.listRecords(platform.account.uuid, 'job')).map((r) => String(r.uuid));
    expect(all.sort()).toEqual(expected.sort());

    // Re-reading a page by its own cursor gives the same records.
    const again = await api.jobs.pages({ cursor: saved! }).next();
    expect(again.value!.records[0]!.uuid).toBe(rest[0]!.uuid);
  });

  it('skips and counts malformed records without failing their page', async () => {
    const { control, account } = platform;
    const uuids = (await control.listRecords(account.uuid, 'job')).map((r) => String(r.uuid));
    const broken = [uuids[5]!, uuids[1500]!, uuids[1501]!];
    await control.updateRecord(account.uuid, 'job', broken[0]!, { badges: 'not json' }, { raw: true });
    await control.updateRecord(account.uuid, 'job', broken[1]!, { lat: 'north' }, { raw: true });
    await control.updateRecord(account.uuid, 'job', broken[2]!, { geo_is_valid: 'maybe' }, { raw: true });
    const api = platform.apiKeyClient();
    const skipped: Array<{ uuid: string | null; reason: string }> = [];
    let records = 0;
    for await (const page of api.jobs.pages()) {
      records += page.records.length;
      skipped.push(...page.skipped);
    }
    expect(skipped.map((s) => s.uuid).sort()).toEqual([...broken].sort());
    expect(skipped.find((s) => s.uuid === broken[0])!.reason).toMatch(/^badges:/);
    expect(skipped.find((s) => s.uuid === broken[1])!.reason).toMatch(/^lat:/);
    expect(records + skipped.length).toBe(uuids.length);
  });
});
