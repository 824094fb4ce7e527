import type { CompanionConfig } from '../config';
import type { RedirectAllowlist } from './redirect-allowlist';
import { verifyState, type StateCheck } from './state';

type StateProblem = Exclude<StateCheck, { ok: true }>['reason'] | 'not_allowed';
export type CheckedState = Extract<StateCheck, { ok: true }> | { ok: false; reason: StateProblem };

/** What a person is told about a state that cannot be used. */
export const STATE_PROBLEMS: Record<StateProblem, string> = {
  malformed: 'The sign-in state is malformed',
  bad_signature: 'The sign-in state was not issued by this companion',
  expired: 'The sign-in took longer than 10 minutes and has expired',
  not_allowed: 'The sign-in state is for an extension that is no longer allowed',
};

/** A state is good only if signed, unexpired, and still for an allowed extension (the list may have shrunk). */
export function createStateCheck(
  config: Pick<CompanionConfig, 'signingSecret'>,
  allowlist: RedirectAllowlist,
  now: () => number,
) {
  return async (state: string): Promise<CheckedState> => {
    const check = await verifyState(config.signingSecret, state, now());
    if (check.ok && !allowlist.allows(check.payload.redirectUrl)) return { ok: false, reason: 'not_allowed' };
    return check;
  };
}
