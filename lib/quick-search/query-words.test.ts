import { describe, expect, it } from 'vitest';
import { filterWords, hasFilters, queryWords } from './query-words';

describe('the filters people type in the search box', () => {
  it.each([
    ['nina', { text: 'nina', status: null, mine: false, today: false }],
    ['status:quote nina', { text: 'nina', status: 'quote', mine: false, today: false }],
    ['nina STATUS:Work', { text: 'nina', status: 'Work', mine: false, today: false }],
    ['status:"work order" bridge', { text: 'bridge', status: 'work order', mine: false, today: false }],
    ['mine', { text: '', status: null, mine: true, today: false }],
    ['Today mine bridge way', { text: 'bridge way', status: null, mine: true, today: true }],
    ['status: nina', { text: 'nina', status: null, mine: false, today: false }],
    ['minestrone', { text: 'minestrone', status: null, mine: false, today: false }],
  ])('%j', (query, words) => {
    expect(queryWords(query)).toEqual(words);
  });

  it('says the filters in words above the rows', () => {
    expect(filterWords(queryWords('status:quote mine today x'))).toBe('status quote · mine · today');
    expect(hasFilters(queryWords('nina'))).toBe(false);
    expect(hasFilters(queryWords('today'))).toBe(true);
  });
});
