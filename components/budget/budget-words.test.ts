import { describe, expect, it } from 'vitest';
import { dailyLimitWords, localTimeOf } from './budget-words';

describe('budget words', () => {
  it('says the limit is reached and when it comes back, in local time, without a status code', () => {
    const at = Date.UTC(2026, 10, 22);
    const words = dailyLimitWords(at, 'en-US');
    expect(words.title).toMatch(/used up today's allowance/);
    expect(words.detail).toContain(localTimeOf(at, 'en-US'));
    expect(words.detail).toMatch(/midnight UTC/);
    expect(`${words.title} ${words.detail}`).not.toMatch(/429|HTTP|request line/);
  });
});
