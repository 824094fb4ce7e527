// What is left of setting Fieldside up, from what the session and the first-run page say. Pure, so the
// popup, the options page and the first-run page itself agree, and a test holds the rules.

/** The first-run page's steps that can be left undone: signing in, saying who you are (OAuth only:
 * an API key is the whole account's), and the last one, which keeps Fieldside at hand and opens the
 * day. */
export type SetupStep = 'connect' | 'who' | 'finish';

export interface SetupFacts {
  signedIn: boolean;
  mode: 'oauth' | 'api_key' | null;
  /** "Who are you" answered. */
  hasMe: boolean;
  /** The first-run page's own progress; null where it never opened (an installation from before it). */
  firstRun: { finished: boolean } | null;
}

/** The steps left, in the page's order; empty when there is nothing to remind anyone of. */
export function setupLeft(facts: SetupFacts): SetupStep[] {
  const left: SetupStep[] = [];
  if (!facts.signedIn) left.push('connect');
  else if (facts.mode === 'oauth' && !facts.hasMe) left.push('who');
  if (facts.firstRun !== null && !facts.firstRun.finished) left.push('finish');
  return left;
}
