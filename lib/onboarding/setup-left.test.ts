import { describe, expect, it } from 'vitest';
import { setupLeft, type SetupFacts } from './setup-left';

const facts = (change: Partial<SetupFacts>): SetupFacts => ({
  signedIn: true,
  mode: 'oauth',
  hasMe: true,
  firstRun: { finished: true },
  ...change,
});
const fresh = { finished: false };

describe('what is left of setting up', () => {
  it.each<[string, Partial<SetupFacts>, string[]]>([
    [
      'the page closed before signing in',
      { signedIn: false, mode: null, hasMe: false, firstRun: fresh },
      ['connect', 'atHand', 'day'],
    ],
    ['signed in, not said who you are', { hasMe: false, firstRun: fresh }, ['who', 'atHand', 'day']],
    ['signed in and said who, nothing opened yet', { firstRun: fresh }, ['atHand', 'day']],
    ['the popup opened from its shortcut, the day not yet', { firstRun: { finished: false, atHand: true } }, ['day']],
    [
      'the side panel opened on the day, the popup never',
      { firstRun: { finished: false, dayOpened: true } },
      ['atHand'],
    ],
    [
      'set up outside the first-run page: the popup and the side panel used',
      { firstRun: { finished: false, atHand: true, dayOpened: true } },
      [],
    ],
    ['an API key: nobody to be', { mode: 'api_key', hasMe: false, firstRun: fresh }, ['atHand', 'day']],
    ['all of it done', {}, []],
    ['signed out again after finishing: only signing in', { signedIn: false, mode: null, hasMe: false }, ['connect']],
    ['an installation from before the first-run page, set up', { firstRun: null }, []],
    ['an installation from before the first-run page, not said who', { hasMe: false, firstRun: null }, ['who']],
  ])('%s', (_name, change, left) => {
    expect(setupLeft(facts(change))).toEqual(left);
  });
});
