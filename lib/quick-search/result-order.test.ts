import { describe, expect, it } from 'vitest';
import { itemAt, jobNumberOf, resultOrder } from './result-order';

describe('where customers and jobs sit in the list', () => {
  it.each([
    ['1042', '1042'],
    ['#1042', '1042'],
    [' # 491570 ', '491570'],
    ['0427 352 568', null],
    ['+61427352568', null],
    ['smith', null],
    ['10a', null],
  ])('reads %j as the job number %j', (typed, number) => {
    expect(jobNumberOf(typed)).toBe(number);
  });

  it('lists customers above the jobs, and the jobs first when the query is a job number', () => {
    const usual = resultOrder(2, 3, false);
    expect([0, 1, 2, 3, 4, 5].map((i) => itemAt(usual, i, 2, 3))).toEqual([
      { customer: 0 },
      { customer: 1 },
      { job: 0 },
      { job: 1 },
      { job: 2 },
      null,
    ]);
    const byNumber = resultOrder(2, 3, true);
    expect([0, 1, 2, 3, 4, 5].map((i) => itemAt(byNumber, i, 2, 3))).toEqual([
      { job: 0 },
      { job: 1 },
      { job: 2 },
      { customer: 0 },
      { customer: 1 },
      null,
    ]);
  });
});
