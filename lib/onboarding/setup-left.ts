// What is left of setting Fieldside up, from what the session and the first-run page's progress say.
// Pure, so the popup, the options page and the first-run page itself agree, and a test holds the rules.
// A step is done when the person did it, wherever: the popup opened from its button or shortcut keeps
// Fieldside at hand, the side panel opened on the day opens the day (lib/onboarding/first-run.ts).

/** The first-run page's steps that can be left undone: signing in, saying who you are (OAuth only:
 * an API key is the whole account's), keeping Fieldside at hand, and opening the day. */
export type SetupStep = 'connect' | 'who' | 'atHand' | 'day';

/** The first-run page's progress as stored (lib/settings FirstRun). */
export interface FirstRunProgress {
  /** Everything done (set by installations that only kept this, and once both below are). */
  finished: boolean;
  /** Fieldside was opened from its toolbar button or its shortcut (or pinned, where the browser says). */
  atHand?: boolean | undefined;
  /** The side panel (sidebar) was opened on the day. */
  dayOpened?: boolean | undefined;
}

export interface SetupFacts {
  signedIn: boolean;
  mode: 'oauth' | 'api_key' | null;
  /** "Who are you" answered. */
  hasMe: boolean;
  /** The first-run page's own progress; null where it never opened (an installation from before it). */
  firstRun: FirstRunProgress | null;
}

/** The steps left, in the page's order; empty when there is nothing to remind anyone of. */
export function setupLeft(facts: SetupFacts): SetupStep[] {
  const left: SetupStep[] = [];
  if (!facts.signedIn) left.push('connect');
  else if (facts.mode === 'oauth' && !facts.hasMe) left.push('who');
  const run = facts.firstRun;
  if (run !== null && !run.finished) {
    if (!run.atHand) left.push('atHand');
    if (!run.dayOpened) left.push('day');
  }
  return left;
}
