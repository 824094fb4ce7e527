import { describe, expect, it } from 'vitest';
import { toUuid } from '../../contracts/uuid';
import { ApiError } from '../api/errors';
import type { DayView } from '../messaging/views';
import { createAnswerStore } from './answer-store';
import { createDayService } from './day-service';
import type { FieldContext } from './field-context';

const JOB = toUuid('aaaaaaaa-0000-4000-8000-000000000001');
const summary = {
  uuid: JOB,
  number: '1042',
  status: 'Work Order',
  customer: 'Harbour Bakery',
  address: '1 Quay St',
  badges: [],
  pending: 0,
};
const kept: DayView = {
  date: '2026-11-21',
  staffName: 'Priya',
  visits: [
    {
      activityUuid: toUuid('a1'),
      start: '2026-11-21 09:00:00',
      end: '2026-11-21 10:00:00',
      job: summary,
      contact: { name: 'Tess', phone: { text: '0400 111 222', tel: 'tel:+61400111222', kind: 'mobile' }, role: 'site' },
      onSite: [{ start: '2026-11-21 09:12:00', end: null }],
    },
  ],
  otherJobs: [
    {
      job: { ...summary, uuid: toUuid('q1') },
      contact: null,
      allocation: { uuid: 'al1', from: '2026-11-20' },
      onSite: [],
    },
  ],
  offline: false,
  fetchedAt: 5,
};

/** A field context whose platform cannot be reached, with its own answer store and two writes waiting on the job. */
function offlineContext(
  name: string,
  failure: () => ApiError = () => new ApiError('NetworkError', 'no signal'),
): FieldContext {
  const store = createAnswerStore(name);
  return {
    now: () => 10,
    key: async () => ({
      accountUuid: 'acc',
      staffUuid: 'me',
      baseUrl: 'http://127.0.0.1:9',
      scopes: [],
      mode: 'api_key',
    }),
    staffName: async () => 'Priya',
    timeZone: async () => 'UTC',
    facts: async () => ({ timeZone: 'UTC', region: 'AU' }),
    store: async () => store,
    client: async () => ({
      jobActivities: { ofStaff: () => Promise.reject(failure()) },
      jobAllocations: { ofStaff: () => Promise.reject(failure()) },
    }),
    pendingByJob: async () => new Map([[JOB, 2]]),
  } as unknown as FieldContext;
}

describe('My day offline', () => {
  it('serves the kept day with its visits, other jobs and time on site, and what waits in the outbox now', async () => {
    const ctx = offlineContext('day-service-test-kept');
    await (await ctx.store()).put('day:2026-11-21', kept, 5);
    const day = await createDayService(ctx).get('2026-11-21');
    expect(day).toEqual({
      ...kept,
      visits: [{ ...kept.visits[0]!, job: { ...summary, pending: 2 } }],
      offline: true,
      keptBecause: 'offline',
      fetchedAt: 5,
    });
  });

  it('treats a day kept in an older shape as never read, rather than showing it wrong', async () => {
    const ctx = offlineContext('day-service-test-old');
    await (
      await ctx.store()
    ).put('day:2026-11-21', { date: '2026-11-21', staffName: 'Priya', entries: [], offline: false, fetchedAt: 5 }, 5);
    expect(await createDayService(ctx).get('2026-11-21')).toEqual({
      date: '2026-11-21',
      staffName: 'Priya',
      visits: [],
      otherJobs: [],
      offline: true,
      keptBecause: 'offline',
      fetchedAt: null,
      timeZone: 'UTC',
    });
  });

  it('says the platform, not the network, when the platform refused (its daily limit): the kept day is never called offline', async () => {
    const daily = () =>
      new ApiError(
        'RateLimitedError',
        'GET /api_1.0/jobactivity.json: 429 Number of allowed API requests per day exceeded',
        { status: 429, limitWindow: 'day' },
      );
    const ctx = offlineContext('day-service-test-limit', daily);
    await (await ctx.store()).put('day:2026-11-21', kept, 5);
    const day = await createDayService(ctx).get('2026-11-21');
    expect(day.keptBecause).toBe('platform');
    expect(day.visits).toHaveLength(1);
  });
});
