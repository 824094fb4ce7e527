import { describe, expect, it } from 'vitest';
import { jobChangeAction, type JobChangeAction } from './job-change-action';
import type { FeedChange } from './types';
import { ReadFeedChangeSchema } from '../../contracts/companion-http';

const JOB = 'a0000000-0000-4000-8000-000000000001';
// Read as the feed's reader reads it: a uuid the platform wrote in capitals still names the job held in lower case.
const change = (over: Partial<FeedChange>): FeedChange => ({
  ...ReadFeedChangeSchema.parse({
    id: '1',
    object: 'job',
    uuid: JOB.toUpperCase(),
    changed_fields: ['status'],
    time: '2026-05-04 01:00:00',
    resource_url: '',
  }),
  ...over,
});
const RECORD = { uuid: JOB, status: 'Completed' };
const HOLDS = new Map([[JOB, '2026-05-04 00:00:00']]);
const NOT = new Map<string, string>();

describe('what a job change means to this browser', () => {
  // [yours, record carried, what the browser holds, action]
  const table: Array<[FeedChange['yours'], boolean, 'holds' | 'not' | 'unknown', JobChangeAction]> = [
    ['record', true, 'holds', 'take'],
    ['record', true, 'not', 'take'],
    ['record', true, 'unknown', 'take'],
    ['record', false, 'not', 'read'],
    ['read', false, 'not', 'read'],
    ['read', false, 'holds', 'read'],
    ['none', false, 'holds', 'read'],
    ['none', false, 'not', 'ignore'],
    ['none', false, 'unknown', 'read'],
    [undefined, false, 'not', 'ignore'],
    [undefined, false, 'holds', 'read'],
    // A record is never taken for a job the browser neither holds nor was named for, even when one came.
    ['none', true, 'not', 'ignore'],
    ['none', true, 'holds', 'take'],
    ['none', true, 'unknown', 'read'],
  ];
  it.each(table)('yours %s, record %s, browser %s: %s', (yours, carried, holds, expected) => {
    const held = holds === 'holds' ? HOLDS : holds === 'not' ? NOT : null;
    const c = change({ ...(yours ? { yours } : {}), ...(carried ? { record: RECORD } : {}) });
    expect(jobChangeAction(c, held)).toBe(expected);
  });
});
