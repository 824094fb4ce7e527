import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../messaging/views';
import { createPageJobs } from './page-jobs';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'aaaaaaaa-0000-4000-8000-000000000002';

describe('the page the side panel follows', () => {
  it('tells the panel about the job of the tab in front, and answers for the tab the panel says is in front', () => {
    const events: LiveEvent[] = [];
    const pages = createPageJobs({ broadcast: (e) => void events.push(e) });
    pages.setTabJob(1, A, true);
    pages.setTabJob(2, B, false); // a background tab: not followed yet
    expect(events).toEqual([{ type: 'page.job', uuid: A }]);
    expect(pages.current()).toBe(A);
    expect(pages.inFront(2)).toBe(B);
    expect(pages.current()).toBe(B);
    expect(pages.inFront(3)).toBeNull(); // a tab without a job: the panel keeps what it shows
    expect(pages.current()).toBeNull();
    // Answered, not broadcast: the panel that asked acts on its answer.
    expect(events).toEqual([{ type: 'page.job', uuid: A }]);
  });

  it('keeps the latest hundred tabs’ reports (no worker hears a tab close)', () => {
    const pages = createPageJobs({ broadcast: () => {} });
    for (let tab = 1; tab <= 101; tab++) pages.setTabJob(tab, A, false);
    pages.setTabJob(2, B, false); // reported again: now among the latest
    pages.setTabJob(102, A, false);
    expect(pages.inFront(1)).toBeNull();
    expect(pages.inFront(3)).toBeNull();
    expect(pages.inFront(2)).toBe(B);
    expect(pages.inFront(4)).toBe(A);
    expect(pages.inFront(102)).toBe(A);
  });
});
