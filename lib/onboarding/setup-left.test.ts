import { describe, expect, it } from 'vitest';
import { setupLeft, type SetupFacts } from './setup-left';

const facts = (change: Partial<SetupFacts>): SetupFacts => ({
  signedIn: true,
  mode: 'oauth',
  hasMe: true,
  firstRun: { finished: true },
  ...change,
});

describe('what is left of setting up', () => {
  it.each<[string, Partial<SetupFacts>, string[]]>([
    [
      'the page closed before signing in',
      { signedIn: false, mode: null, hasMe: false, firstRun: { finished: false } },
      ['connect', 'finish'],
    ],
    ['signed in, not said who you are', { hasMe: false, firstRun: { finished: false } }, ['who', 'finish']],
    ['signed in and said who, the day not opened', { firstRun: { finished: false } }, ['finish']],
    ['an API key: nobody to be', { mode: 'api_key', hasMe: false, firstRun: { finished: false } }, ['finish']],
    ['all of it done', {}, []],
    ['signed out again after finishing: only signing in', { signedIn: false, mode: null, hasMe: false }, ['connect']],
    ['an installation from before the first-run page, set up', { firstRun: null }, []],
    ['an installation from before the first-run page, not said who', { hasMe: false, firstRun: null }, ['who']],
  ])('%s', (_name, change, left) => {
    expect(setupLeft(facts(change))).toEqual(left);
  });
});
