import { signal } from '@preact/signals';
import type { Feature } from '@/lib/messaging/session-view';
import type { WireError } from '@/lib/messaging/protocol';

/** What went wrong asking the platform for a feature (the consent page answered "Deny", say): said by that feature's
 * "Allow …" notice, beside the button pressed, wherever in the job it is (the panel's top may be scrolled away). */
export interface GrantProblem {
  feature: Feature;
  problem: WireError;
}

/** The side panel's last one, until it asks again or opens another job (entrypoints/sidepanel/model.ts sets it). A
 * signal rather than a context: preact's context would be carried into the chunk the popup shares, for nothing. */
export const grantProblem = signal<GrantProblem | null>(null, { name: 'grantProblem' });
