import { createContext } from 'preact';
import type { Feature } from '@/lib/messaging/session-view';
import type { WireError } from '@/lib/messaging/protocol';

/** What went wrong asking the platform for a feature (the consent page answered "Deny", say): said by that feature's
 * "Allow …" notice, beside the button pressed, wherever in the job it is (the panel's top may be scrolled away). */
export interface GrantProblem {
  feature: Feature;
  problem: WireError;
}

export const GrantProblemContext = createContext<GrantProblem | null>(null);
