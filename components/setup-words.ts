import type { SetupStep } from '@/lib/onboarding/setup-left';

// The first-run page's steps, as the popup and the options page name what is left of them.
export const SETUP_STEP_WORDS: Readonly<Record<SetupStep, string>> = {
  connect: 'Sign in with the platform',
  who: 'Tell Fieldside who you are',
  atHand: 'Open Fieldside once from its toolbar button or its shortcut',
  day: 'Open your day in the side panel',
};
