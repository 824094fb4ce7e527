// $filter over HTTP: what parses filters, and (in the refusing position of the unparsableFilter switch) what
// does not is refused with its reason. rest/switches.test.ts covers the ignoring position.
import { describe, expect, it } from 'vitest';
import { filterQuery, useSeededEmulator } from './test-support';

type Job = Record<string, string | number>;

// The refusing position of the unparsableFilter switch: these tests read the refusals' messages.
const emulator = useSeededEmulator({ jobs: 2500, seed: 7, unparsableFilter: 'refuse' });
const { api } = emulator;

describe('$filter', () => {
  it('filters with eq, ne, gt and lt joined by and', async () => {
    const quotes = await api<Job[]>('GET', `job.json?cursor=-1&${filterQuery("status eq 'Quote'")}`);
    expect(quotes.body.length).toBeGreaterThan(0);
    expect(quotes.body.every((j) => j.status === 'Quote')).toBe(true);
    const since = '2026-01-01 00:00:00';
    const both = await api<Job[]>('GET', `job.json?${filterQuery(`status ne 'Quote' and edit_date gt '${since}'`)}`);
    expect(both.body.length).toBeGreaterThan(0);
    expect(both.body.every((j) => j.status !== 'Quote' && String(j.edit_date) > since)).toBe(true);
    const before = await api<Job[]>('GET', `job.json?${filterQuery(`edit_date lt '${since}' and active eq 1`)}`);
    expect(before.body.every((j) => String(j.edit_date) < since)).toBe(true);
    expect(before.body.length + both.body.length).toBeLessThanOrEqual(2500);
  });

  it('accepts the parameter name encoded too (%24filter)', async () => {
    const res = await api<Job[]>(
      'GET',
      `job.json?cursor=-1&%24filter=${encodeURIComponent("status eq 'Unsuccessful'")}`,
    );
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((j) => j.status === 'Unsuccessful')).toBe(true);
  });

  it('filters notes by their job', async () => {
    const jobs = await api<Job[]>('GET', 'job.json?cursor=-1');
    const job = jobs.body[10]!;
    const notes = await api<Job[]>('GET', `note.json?${filterQuery(`related_object_uuid eq '${job.uuid}'`)}`);
    expect(notes.body.length).toBeGreaterThan(0);
    expect(notes.body.every((n) => n.related_object_uuid === job.uuid)).toBe(true);
  });

  it.each([
    ["status eq Quote'", /Malformed \$filter/],
    ["status like 'Quote'", /Malformed \$filter/],
    ["status eq 'Quote' or active eq 1", /joined by 'and'/],
    ["colour eq 'red'", /unknown field 'colour'/],
    [Array.from({ length: 11 }, () => "active eq '1'").join(' and '), /at most 10/],
  ])('refuses %s with a 400 (unparsableFilter refuse)', async (filter, message) => {
    const res = await api<{ message: string }>('GET', `job.json?cursor=-1&${filterQuery(filter)}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});
