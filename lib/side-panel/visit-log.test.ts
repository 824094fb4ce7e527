import { describe, expect, it } from 'vitest';
import { ON_MY_WAY_NOTE } from '../../contracts/job-actions';
import { isOpen, leavingAt } from '../../contracts/visit-on-platform';
import { emptyLog, platformVisit, withPlatformVisit, type PlatformVisit, type VisitLog } from './visit-log';

const TODAY = '2026-12-03';
const ME = 'b0aeb36c-7fa4-47fb-8b39-779abd1baff3';
const SOMEONE = 'c96aabfc-48a3-442d-a244-fda8fd4191c8';
const JOB = '3fd5b046-28db-42fa-9f02-a47d169df00e';

const note = (over: Partial<{ note: string; by: string; at: string; active: boolean }> = {}) => ({
  active: over.active ?? true,
  note: over.note ?? ON_MY_WAY_NOTE,
  edit_by_staff_uuid: over.by ?? ME,
  create_date: over.at ?? `${TODAY} 07:07:52`,
});
const activity = (uuid: string, start: string, end: string, over: Record<string, unknown> = {}) => ({
  uuid,
  active: true,
  activity_was_recorded: true,
  staff_uuid: ME,
  job_uuid: JOB,
  start_date: start,
  end_date: end,
  ...over,
});
const read = (notes: ReturnType<typeof note>[] | null, activities: ReturnType<typeof activity>[] | null) =>
  platformVisit({ notes, activities, staff: ME, jobUuid: JOB, today: TODAY });

describe('platformVisit', () => {
  it('reads "On my way" off their own note of today, and their latest time on site begun today', () => {
    const visit = read(
      [note({ by: SOMEONE }), note({ at: '2026-12-02 16:00:00' }), note({ note: 'On my way?' }), note()],
      [
        activity('a1', `${TODAY} 08:00:00`, `${TODAY} 09:00:00`),
        activity('a2', `${TODAY} 10:15:00`, `${TODAY} 10:15:00`),
        activity('a3', `${TODAY} 11:00:00`, `${TODAY} 11:00:00`, { staff_uuid: SOMEONE }),
        activity('a4', `${TODAY} 12:00:00`, `${TODAY} 12:00:00`, { activity_was_recorded: false }),
        activity('a5', '2026-12-02 15:00:00', '2026-12-02 15:00:00'),
      ],
    );
    expect(visit).toEqual({
      date: TODAY,
      onTheWayAt: `${TODAY} 07:07:52`,
      timeOnSite: { activityUuid: 'a2', arrivedAt: `${TODAY} 10:15:00`, leftAt: null },
    });
  });

  it('reads an open time on site as the visit before one that is over, whatever their starts', () => {
    // Arrived and done at 06:12 by a phone whose clock was ahead; arrived again at 06:00 by this one.
    const over = activity('phone', `${TODAY} 06:12:00`, `${TODAY} 06:53:00`);
    const again = activity('here', `${TODAY} 06:00:00`, `${TODAY} 06:00:00`);
    expect(read([], [over, again]).timeOnSite).toEqual({
      activityUuid: 'here',
      arrivedAt: `${TODAY} 06:00:00`,
      leftAt: null,
    });
    expect(read([], [again, over]).timeOnSite?.activityUuid).toBe('here');
    // Once it is over too, the later start is the visit again.
    const left = { ...again, end_date: `${TODAY} 06:30:00` };
    expect(read([], [left, over]).timeOnSite?.activityUuid).toBe('phone');
  });

  it('says nothing of what it could not read', () => {
    expect(read(null, null)).toEqual({ date: TODAY, onTheWayAt: null, timeOnSite: null });
    expect(read([note({ active: false })], [])).toEqual({ date: TODAY, onTheWayAt: null, timeOnSite: null });
  });
});

describe('withPlatformVisit', () => {
  const platform = (over: Partial<PlatformVisit> = {}): PlatformVisit => ({
    date: TODAY,
    onTheWayAt: `${TODAY} 07:07:00`,
    timeOnSite: { activityUuid: 'phone', arrivedAt: `${TODAY} 08:00:00`, leftAt: null },
    ...over,
  });
  const log = (over: Partial<VisitLog> = {}): VisitLog => ({ ...emptyLog(TODAY), ...over });

  it('takes the steps taken elsewhere when nothing was done here', () => {
    expect(withPlatformVisit(null, platform(), TODAY)).toMatchObject({
      onTheWayAt: `${TODAY} 07:07:00`,
      onTheWayNote: null,
      activityUuid: 'phone',
      arrivedAt: `${TODAY} 08:00:00`,
      leftAt: null,
    });
  });

  it('keeps what was written here, still on its way, over what the platform does not have yet', () => {
    const here = log({ onTheWayAt: `${TODAY} 07:30:00`, onTheWayNote: 'n1', activityUuid: 'here' });
    Object.assign(here, { arrivedAt: `${TODAY} 09:00:00` });
    expect(withPlatformVisit(here, platform(), TODAY)).toEqual(here);
    expect(withPlatformVisit(here, null, TODAY)).toEqual(here);
  });

  it('counts a leaving either side knows of, for the same arrival', () => {
    const here = log({ activityUuid: 'phone', arrivedAt: `${TODAY} 08:00:00` });
    const left = platform({
      timeOnSite: { activityUuid: 'phone', arrivedAt: `${TODAY} 08:00:00`, leftAt: `${TODAY} 09:40:00` },
    });
    expect(withPlatformVisit(here, left, TODAY).leftAt).toBe(`${TODAY} 09:40:00`);
    // Left here while the platform's copy (read before it was sent) still has them on site.
    const leftHere = log({ activityUuid: 'phone', arrivedAt: `${TODAY} 08:00:00`, leftAt: `${TODAY} 09:00:00` });
    expect(withPlatformVisit(leftHere, platform(), TODAY).leftAt).toBe(`${TODAY} 09:00:00`);
  });

  it('takes a later arrival elsewhere as the visit, an earlier one not', () => {
    const here = log({ activityUuid: 'here', arrivedAt: `${TODAY} 07:45:00`, leftAt: `${TODAY} 07:55:00` });
    expect(withPlatformVisit(here, platform(), TODAY)).toMatchObject({ activityUuid: 'phone', leftAt: null });
    const later = log({ activityUuid: 'here', arrivedAt: `${TODAY} 09:00:00`, leftAt: null });
    expect(withPlatformVisit(later, platform(), TODAY)).toMatchObject({ activityUuid: 'here' });
  });

  it('keeps an arrival here that is still open over a later one elsewhere that is over', () => {
    // "Arrived again" here, not sent yet, after a visit a phone with its clock ahead recorded as later.
    const again = log({ activityUuid: 'here', arrivedAt: `${TODAY} 06:00:00`, leftAt: null });
    const over = platform({
      timeOnSite: { activityUuid: 'phone', arrivedAt: `${TODAY} 06:12:00`, leftAt: `${TODAY} 06:53:00` },
    });
    expect(withPlatformVisit(again, over, TODAY)).toMatchObject({ activityUuid: 'here', leftAt: null });
  });

  it('lets neither a log nor a reading of another day stand for today', () => {
    const yesterday = { ...log({ onTheWayAt: '2026-12-02 07:00:00' }), date: '2026-12-02' };
    expect(withPlatformVisit(yesterday, null, TODAY)).toEqual(emptyLog(TODAY));
    expect(withPlatformVisit(null, platform({ date: '2026-12-02' }), TODAY)).toEqual(emptyLog(TODAY));
  });
});

describe('leavingAt', () => {
  it('is now, or a second after arriving when "Done" came in the same second: never an end that reads as on site', () => {
    expect(leavingAt(`${TODAY} 09:14:03`, `${TODAY} 10:02:41`)).toBe(`${TODAY} 10:02:41`);
    const left = leavingAt(`${TODAY} 09:14:03`, `${TODAY} 09:14:03`);
    expect(left).toBe(`${TODAY} 09:14:04`);
    expect(isOpen({ start_date: `${TODAY} 09:14:03`, end_date: left })).toBe(false);
    // A clock that went back, and the last second of the day.
    expect(leavingAt(`${TODAY} 09:14:03`, `${TODAY} 09:13:58`)).toBe(`${TODAY} 09:14:04`);
    expect(leavingAt(`${TODAY} 23:59:59`, `${TODAY} 23:59:59`)).toBe('2026-12-04 00:00:00');
    // What cannot be read as a time is left to now.
    expect(leavingAt('', `${TODAY} 09:14:03`)).toBe(`${TODAY} 09:14:03`);
  });
});
