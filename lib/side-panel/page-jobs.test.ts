import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../messaging/views';
import { createPageJobs } from './page-jobs';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'aaaaaaaa-0000-4000-8000-000000000002';

describe('the page the side panel follows', () => {
  it('tells the panel about the active tab’s job, and follows tab switches', () => {
    const events: LiveEvent[] = [];
    const pages = createPageJobs({ broadcast: (e) => void events.push(e) });
    pages.setTabJob(1, A, true);
    pages.setTabJob(2, B, false); // a background tab: not followed yet
    expect(events).toEqual([{ type: 'page.job', uuid: A }]);
    expect(pages.current()).toBe(A);
    pages.activated(2);
    expect(pages.current()).toBe(B);
    pages.activated(3); // a tab without a job: the panel keeps what it shows
    expect(events).toEqual([
      { type: 'page.job', uuid: A },
      { type: 'page.job', uuid: B },
    ]);
    expect(pages.current()).toBeNull();
    pages.removed(2);
    pages.activated(2);
    expect(pages.current()).toBeNull();
  });
});
