import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from './background-work';

describe('background work', () => {
  it('settles once every piece started is done, including one started while waiting, and a failure does not escape', async () => {
    const work = createBackgroundWork();
    const done: string[] = [];
    let release!: () => void;
    work.run(
      () =>
        new Promise<void>((resolve) => {
          release = () => {
            done.push('first');
            // Work started by work: settled() waits for it too.
            work.run(async () => {
              await new Promise((r) => setTimeout(r, 20));
              done.push('second');
            });
            resolve();
          };
        }),
    );
    work.run(async () => {
      throw new Error('the platform did not answer');
    });
    const settled = work.settled().then(() => done.push('settled'));
    await new Promise((r) => setTimeout(r, 10));
    expect(done).toEqual([]);
    release();
    await settled;
    expect(done).toEqual(['first', 'second', 'settled']);
  });

  it('is settled at once with nothing running', async () => {
    await expect(createBackgroundWork().settled()).resolves.toBeUndefined();
  });
});
