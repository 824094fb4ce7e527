import { describe, expect, it } from 'vitest';
import { createHeldChanges } from './held-changes';
import type { NewChange } from '../store/types';

const change = (uuid: string): NewChange => ({
  object: 'job',
  uuid,
  changed_fields: ['status'],
  time: '2026-11-28 09:00:00',
  resource_url: `https://api.example/api_1.0/job/${uuid}.json`,
});

describe('changes collected and held for the share', () => {
  it('reads what came together at once; one read with its list goes ahead of one waiting for the share, unless it is of the same record', async () => {
    let room = false;
    const published: string[] = [];
    const [a, b, c, d] = [change('job-1'), change('job-2'), change('job-1'), change('job-3')];
    const asked: NewChange[][] = [];
    const held = createHeldChanges({
      room: () => room,
      // The lists held b, c and d; a (its kind's list did not hold it) needs a read of its own.
      readTogether: async (_account, changes) => {
        asked.push([...changes]);
        return new Set(changes.filter((x) => x !== a));
      },
      collectMs: 30,
      retryMs: 20,
    });
    for (const [i, x] of [a, b, c, d].entries())
      held.hold('acc', `key-${i}`, x, async () => void published.push(`${x.uuid}#${i}`));
    expect(held.waiting('acc')).toBe(0);
    await held.settled();
    // Collected together, asked together; b and d went on; c waits behind a, an older change of its record.
    expect(asked[0]).toEqual([a, b, c, d]);
    expect(published).toEqual(['job-2#1', 'job-3#3']);
    expect(held.waiting('acc')).toBe(2);
    room = true;
    await new Promise((r) => setTimeout(r, 100));
    expect(published).toEqual(['job-2#1', 'job-3#3', 'job-1#0', 'job-1#2']);
    expect(held.waiting('acc')).toBe(0);
    await held.release();
  });
});
