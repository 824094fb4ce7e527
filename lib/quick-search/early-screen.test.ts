import { describe, expect, it } from 'vitest';
import { cacheDbName } from '../databases';
import { browser } from 'wxt/browser';
import { FIRST_SCREEN_NAME, MY_JOBS_NAME, saveFirstScreen, TODAY_JOBS_NAME } from '../cache/first-screen/kept-screen';
import { shortDaysOf } from '../locale/words';
import { earlyScreenOf } from './early-screen';

const account = { uuid: 'AAAAAAAA-0000-4000-8000-000000000001', name: 'Acme', timeZone: 'Australia/Sydney' };
const session = { mode: 'api_key', account, scopes: [], me: null, viewAs: null };
const cacheName = cacheDbName(account.uuid, 'all');
// 2026-11-21 in Sydney (AEDT, UTC+11).
const bounds = { timeZone: 'Australia/Sydney', start: Date.UTC(2026, 10, 20, 13), end: Date.UTC(2026, 10, 21, 13) };
const noon = Date.UTC(2026, 10, 21, 1);
const row = (uuid: string, number: string, day = '') => ({
  uuid,
  number,
  status: 'Quote',
  customer: 'Hartley',
  address: '1 Elm',
  day,
  marks: {},
});
const screen = {
  cacheName,
  day: '2026-11-21',
  heading: "Today's jobs",
  rows: [row('u1', '1001', '2026-11-21'), row('u2', '1002')],
  bounds,
  dayWords: { '2026-11-21': 'today', '2026-11-24': 'Tue 24 Nov' },
};
const stored = (kept: Record<string, unknown>) => ({ [FIRST_SCREEN_NAME]: kept });

describe('earlyScreenOf: the kept rows the popup shows first, decided without its modules', () => {
  it("draws today's kept screen of the signed-in person's cache, day words as kept", () => {
    expect(earlyScreenOf(session, stored(screen), noon)).toEqual({
      heading: "Today's jobs",
      rows: [
        { row: screen.rows[0], day: 'today' },
        { row: screen.rows[1], day: '' },
      ],
    });
  });

  it("shows a job of the person's own on its next visit's day, as the popup does", () => {
    const mine = { cacheName, day: '2026-11-21', jobs: { u2: '2026-11-24' } };
    const early = earlyScreenOf(session, { ...stored(screen), [MY_JOBS_NAME]: mine }, noon);
    expect(early?.rows.map((r) => [r.row.day, r.day])).toEqual([
      ['2026-11-21', 'today'],
      ['2026-11-24', 'Tue 24 Nov'],
    ]);
  });

  it("shows one of today's jobs as today, one given with no set time too, whatever its own date", () => {
    // u2 is given to them with no set time (the side panel's "also yours today"); its own date is last Friday's.
    const rows = [row('u1', '1001', '2026-11-21'), row('u2', '1002', '2026-11-13')];
    const today = { cacheName, day: '2026-11-21', timeZone: 'Australia/Sydney', jobs: ['u1', 'u2'] };
    const mine = { cacheName, day: '2026-11-21', jobs: { u2: '' } };
    const kept = { ...stored({ ...screen, rows }), [TODAY_JOBS_NAME]: today, [MY_JOBS_NAME]: mine };
    expect(earlyScreenOf(session, kept, noon)?.rows.map((r) => [r.row.uuid, r.day])).toEqual([
      ['u1', 'today'],
      ['u2', 'today'],
    ]);
    // Yesterday's list says nothing of today: the job's own date again.
    const yesterdays = { ...kept, [TODAY_JOBS_NAME]: { ...today, day: '2026-11-20' } };
    expect(earlyScreenOf(session, yesterdays, noon)).toBeNull(); // 13 Nov has no words kept: the popup decides
  });

  it('leaves the popup to decide whenever it could differ from what the popup shows', () => {
    const cases: Array<[string, unknown, Record<string, unknown>, number]> = [
      ['signed out', null, stored(screen), noon],
      ['another cache (another person)', session, stored({ ...screen, cacheName: `${cacheName}:x` }), noon],
      ['nothing kept', session, {}, noon],
      ['the next day', session, stored(screen), bounds.end],
      ['no bounds kept (today needs a time-zone lookup)', session, stored({ ...screen, bounds: undefined }), noon],
      ['bounds of another zone', session, stored({ ...screen, bounds: { ...bounds, timeZone: 'UTC' } }), noon],
      ['a day without its words (an Intl format)', session, stored({ ...screen, dayWords: {} }), noon],
      ['no rows', session, stored({ ...screen, rows: [] }), noon],
      [
        'a sign-in that does not allow search',
        { ...session, mode: 'oauth', me: { uuid: 's1' }, scopes: [] },
        stored({ ...screen, cacheName: cacheDbName(account.uuid, 's1') }),
        noon,
      ],
    ];
    for (const [name, record, kept, now] of cases) expect(earlyScreenOf(record, kept, now), name).toBeNull();
  });

  it("still draws when a job of the person's own is next visited weeks ahead: the screen is kept with its words", async () => {
    // Their jobs as the background last read them: u2's next visit is in six weeks (visits are read a year ahead).
    const mine = { cacheName, day: '2026-11-21', jobs: { u2: '2027-01-04', u9: '2027-03-01' } };
    await browser.storage.session.set({ [MY_JOBS_NAME]: mine });
    await saveFirstScreen(cacheName, { day: screen.day, heading: screen.heading, rows: screen.rows }, account.timeZone);
    const kept = await browser.storage.session.get([FIRST_SCREEN_NAME, MY_JOBS_NAME]);
    const early = earlyScreenOf(session, kept, noon);
    expect(early?.rows.map((r) => [r.row.uuid, r.day])).toEqual([
      ['u1', 'today'],
      ['u2', shortDaysOf(['2027-01-04'], screen.day)['2027-01-04']], // "Mon 4 Jan" in the person's language
    ]);
  });

  it("takes the zone of today's jobs when the session has none, as the popup does", () => {
    const zoneless = { ...session, account: { ...account, timeZone: undefined } };
    const today = { cacheName, day: '2026-11-21', timeZone: 'Australia/Sydney', jobs: ['u1'] };
    expect(earlyScreenOf(zoneless, stored(screen), noon)).toBeNull();
    expect(earlyScreenOf(zoneless, { ...stored(screen), [TODAY_JOBS_NAME]: today }, noon)?.rows).toHaveLength(2);
  });
});
