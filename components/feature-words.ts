// Fieldside's features in the words of the person who meets them: what each lets Fieldside do, what
// to press to allow it, and what is missing while it is not allowed. Never a scope name, a path or a
// status code (those go behind "Details for support"); feature-words.test.ts holds that.

/** The features a person meets on a surface and may be asked to allow there (lib/auth/scopes.ts). */
export type PromptedFeature = 'search' | 'myDay' | 'notes' | 'badges' | 'visits' | 'photos' | 'texts';

export interface FeatureWords {
  /** What it lets Fieldside do, as a list item ("Find your jobs as you type"). */
  what: string;
  /** The button that asks for it on the platform's consent page. */
  allow: string;
  /** Said where the feature would be, while it is not allowed. */
  lacking: string;
}

export const FEATURE_WORDS: Readonly<Record<PromptedFeature, FeatureWords>> = {
  search: {
    what: 'Find your jobs as you type, also offline',
    allow: 'Allow finding jobs',
    lacking: 'Fieldside may not read your jobs and customers yet, so it cannot find them.',
  },
  myDay: {
    what: 'Show your day: your visits, whom to call, your time on site',
    allow: 'Allow reading my day',
    lacking: 'Fieldside may not read your schedule yet, so it cannot show your day.',
  },
  notes: {
    what: 'Read job notes and add your own',
    allow: 'Allow reading and adding notes',
    lacking: 'Fieldside may not read or add this job’s notes yet.',
  },
  badges: {
    what: 'Add and remove job badges',
    allow: 'Allow changing badges',
    lacking: 'To add or remove badges from here, allow Fieldside to change them.',
  },
  visits: {
    what: 'Record your visits: arrived, done, and completing the job',
    allow: 'Allow recording my visits',
    lacking:
      'To say you have arrived, when you are done and that the job is complete, allow Fieldside to record your time on site and change the job’s status.',
  },
  photos: {
    what: 'See a job’s photos and files, and attach your own',
    allow: 'Allow photos and files',
    lacking: 'To see this job’s photos and files and attach your own, allow Fieldside to read and add them.',
  },
  texts: {
    what: 'Text a customer that you are on your way (the platform charges the business for each text)',
    allow: 'Allow texting customers',
    lacking:
      'Fieldside can text the customer that you are on your way. The platform sends the text and charges the business for each one.',
  },
};
