// Seeded schedules a real business could have, read over HTTP as a client reads them.
import { describe, expect, it } from 'vitest';
import { createApi, useSeededEmulator, type ApiAnswer } from '../rest/test-support';
import { startEmulator } from '../start';

type Rec = Record<string, string | number>;
const MINUTE = 60_000;
const ms = (stamp: unknown) => Date.parse(`${String(stamp).replace(' ', 'T')}Z`);
const clock = (stamp: unknown) => String(stamp).slice(11, 16);

async function all(type: string): Promise<Rec[]> {
  const out: Rec[] = [];
  for (let cursor: string | null = '-1'; cursor;) {
    const page: ApiAnswer<Rec[]> = await api<Rec[]>('GET', `${type}.json?cursor=${cursor}`);
    out.push(...page.body);
    cursor = page.headers.get('x-next-cursor');
  }
  return out;
}

/** The account's local wall clock now, as the platform writes its dates. */
async function localNow(): Promise<string> {
  const [vendor] = await all('vendor');
  const now = await emulator.control.now();
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: String(vendor!.timezone_name),
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(now);
}

/** Problems with one staff member's activities: overlaps between different jobs, and too little travel time. */
function clashes(activities: Rec[]): string[] {
  const problems: string[] = [];
  const sorted = [...activities].sort((a, b) => ms(a.start_date) - ms(b.start_date));
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && ms(sorted[j]!.start_date) < ms(sorted[i]!.end_date) + 30 * MINUTE; j++) {
      const [a, b] = [sorted[i]!, sorted[j]!];
      if (a.job_uuid === b.job_uuid) continue;
      const gap = ms(b.start_date) - ms(a.end_date);
      const bothScheduled = a.activity_was_scheduled === '1' && b.activity_was_scheduled === '1';
      if (gap < 0 || (bothScheduled && gap < 30 * MINUTE))
        problems.push(`${a.uuid} ${a.end_date} -> ${b.uuid} ${b.start_date}`);
    }
  }
  return problems;
}

function byStaff(activities: Rec[]): Map<string, Rec[]> {
  const map = new Map<string, Rec[]>();
  for (const a of activities) map.set(String(a.staff_uuid), [...(map.get(String(a.staff_uuid)) ?? []), a]);
  return map;
}

const emulator = useSeededEmulator({ jobs: 3000, seed: 17 });
const { api } = emulator;

describe('seeded job activities', () => {
  it('(the check itself catches an overlap and a visit booked without travel time)', () => {
    const visit = (uuid: string, job: string, start: string, end: string): Rec => ({
      uuid,
      job_uuid: job,
      start_date: `2026-03-02 ${start}:00`,
      end_date: `2026-03-02 ${end}:00`,
      activity_was_scheduled: '1',
    });
    expect(clashes([visit('a', 'j1', '09:00', '10:00'), visit('b', 'j2', '09:30', '10:30')])).toHaveLength(1);
    expect(clashes([visit('a', 'j1', '09:00', '10:00'), visit('b', 'j2', '10:15', '11:00')])).toHaveLength(1);
    expect(clashes([visit('a', 'j1', '09:00', '10:00'), visit('b', 'j2', '10:30', '11:00')])).toEqual([]);
  });

  it('never book anyone in two places at once, and leave at least 30 minutes between visits', async () => {
    const activities = await all('jobactivity');
    expect(activities.length).toBeGreaterThan(3000);
    for (const [staff, mine] of byStaff(activities)) expect(clashes(mine), staff).toEqual([]);
  });

  it('are a scheduled visit or recorded time, never both, within working hours on working days', async () => {
    const today = (await localNow()).slice(0, 10);
    for (const a of await all('jobactivity')) {
      expect([a.activity_was_scheduled, a.activity_was_recorded].sort(), String(a.uuid)).toEqual(['0', '1']);
      expect(clock(a.start_date) >= '07:00' && clock(a.end_date) <= '17:00', `${a.start_date} - ${a.end_date}`).toBe(
        true,
      );
      expect(ms(a.end_date)).toBeGreaterThan(ms(a.start_date));
      const day = new Date(ms(a.start_date)).getUTCDay();
      expect(String(a.start_date).slice(0, 10) === today || (day >= 1 && day <= 5), String(a.start_date)).toBe(true);
      expect(Number(a.travel_time_in_seconds)).toBeLessThanOrEqual(30 * 60);
    }
  });

  it('include recorded time for some past visits, each during a visit of the same person to the same job', async () => {
    const now = await localNow();
    const activities = await all('jobactivity');
    const recorded = activities.filter((a) => a.activity_was_recorded === '1');
    expect(recorded.length).toBeGreaterThan(100);
    expect(recorded.length).toBeLessThan(activities.length / 2);
    const visits = activities.filter((a) => a.activity_was_scheduled === '1');
    for (const r of recorded) {
      expect(String(r.end_date) < now).toBe(true);
      const visit = visits.find(
        (v) =>
          v.job_uuid === r.job_uuid &&
          v.staff_uuid === r.staff_uuid &&
          ms(v.start_date) <= ms(r.start_date) &&
          ms(r.start_date) < ms(v.end_date),
      );
      expect(visit, String(r.uuid)).toBeDefined();
    }
  });

  it('give every active field worker several visits today', async () => {
    const today = (await localNow()).slice(0, 10);
    const visits = (await all('jobactivity')).filter(
      (a) => a.activity_was_scheduled === '1' && String(a.start_date).startsWith(today),
    );
    for (const person of emulator.account.staff.filter(
      (s) => s.active && (s.role === 'technician' || s.role === 'subcontractor'),
    )) {
      expect(visits.filter((v) => v.staff_uuid === person.uuid).length, person.name).toBeGreaterThanOrEqual(3);
    }
  });

  it('stay apart at a size that needs more technicians than the staff plan', async () => {
    const big = await startEmulator({ jobs: 30_000, seed: 18, quiet: true });
    try {
      const id = big.info.accounts[0]!.uuid;
      const technicians = big.info.accounts[0]!.staff.filter((s) => s.role === 'technician' && s.active);
      expect(technicians.length).toBeGreaterThan(3);
      const activities = (await big.control.listRecords(id, 'jobactivity')) as Rec[];
      for (const [staff, mine] of byStaff(activities)) expect(clashes(mine), staff).toEqual([]);
    } finally {
      await big.close();
    }
  });
});

describe('seeded job allocations and job contacts', () => {
  it('give technicians jobs without a time today, which they see through the allocation alone', async () => {
    const today = (await localNow()).slice(0, 10);
    const allocations = await all('joballocation');
    const activities = await all('jobactivity');
    const todays = allocations.filter((a) => String(a.allocation_date).startsWith(today));
    expect(new Set(todays.map((a) => a.staff_uuid)).size).toBeGreaterThanOrEqual(3);
    const only = todays.find(
      (a) => !activities.some((v) => v.job_uuid === a.job_uuid && v.staff_uuid === a.staff_uuid),
    )!;
    expect(only).toBeDefined();
    const tokens = await emulator.control.issueTokens(emulator.account.uuid, emulator.account.staff[0]!.uuid, [
      'read_jobs',
      'read_schedule',
    ]);
    const asWorker = createApi(emulator.info.base_url, {
      token: tokens.access_token,
      impersonate: String(only.staff_uuid),
    });
    const seen: Rec[] = [];
    for (let cursor: string | null = '-1'; cursor;) {
      const page: ApiAnswer<Rec[]> = await asWorker<Rec[]>('GET', `job.json?cursor=${cursor}`);
      seen.push(...page.body);
      cursor = page.headers.get('x-next-cursor');
    }
    expect(seen.map((j) => j.uuid)).toContain(only.job_uuid);
    expect((await asWorker('GET', `job/${only.job_uuid}.json`)).status).toBe(200);
    expect((await asWorker<Rec[]>('GET', 'joballocation.json?cursor=-1')).body.map((a) => a.uuid)).toContain(only.uuid);
  });

  it('have on-site contacts, some of them people who are none of the client’s contacts', async () => {
    const contacts = await all('jobcontact');
    const jobs = new Map((await all('job')).map((j) => [j.uuid, j]));
    const clientContacts = await all('companycontact');
    const isClients = (c: Rec) => {
      const company = jobs.get(c.job_uuid)?.company_uuid;
      return clientContacts.some((cc) => cc.company_uuid === company && cc.first === c.first && cc.last === c.last);
    };
    expect(contacts.length).toBeGreaterThan(1000);
    expect(contacts.every((c) => jobs.has(c.job_uuid))).toBe(true);
    expect(contacts.filter(isClients).length).toBeGreaterThan(300);
    expect(contacts.filter((c) => !isClients(c)).length).toBeGreaterThan(300);
  });
});
