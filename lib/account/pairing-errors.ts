// Why a pairing did not happen, in words for the person on the pairing page (they clicked "Use Fieldside in this
// browser" on a job card a moment ago, so the way out is usually "choose Fieldside on the job again").

export type PairingProblem =
  | 'invalid'
  | 'expired'
  | 'used'
  | 'other_account'
  | 'unbound'
  | 'clock'
  | 'signed_out'
  | 'api_key'
  | 'not_staff'
  | 'sign_in'
  | 'unreachable'
  | 'busy'
  | 'server'
  | 'not_waiting'
  | 'expired_answer'
  | 'changed';

const AGAIN = 'Open the job in the platform, choose Fieldside, then “Use Fieldside in this browser” again.';

const WORDS: Record<PairingProblem, string> = {
  invalid: `This link from the job card is not one Fieldside can use. ${AGAIN}`,
  expired: `This link from the job card is more than a few minutes old. ${AGAIN}`,
  used: `This link from the job card has already been used. ${AGAIN}`,
  other_account: "This job card belongs to another business's account than the one Fieldside is signed in to here.",
  unbound: `This browser could not prove it is the one that asked. ${AGAIN}`,
  clock: `This computer’s clock is more than five minutes off, so the link cannot be checked. Set the clock right, then ${AGAIN.charAt(0).toLowerCase()}${AGAIN.slice(1)}`,
  signed_out: `Fieldside is not signed in in this browser. Sign in from Fieldside's toolbar button, then ${AGAIN.charAt(0).toLowerCase()}${AGAIN.slice(1)}`,
  api_key:
    'Fieldside is connected with an API key in this browser, which sees the whole account rather than one person, so it cannot be paired.',
  not_staff: 'The platform named a staff member who is not active in this account.',
  sign_in: `Fieldside's sign-in was not accepted. Sign in again from Fieldside's toolbar button, then ${AGAIN.charAt(0).toLowerCase()}${AGAIN.slice(1)}`,
  unreachable: 'Fieldside could not reach its server. Check the connection, then try again.',
  busy: 'Fieldside’s server is busy just now. Try again in a minute.',
  server: 'Fieldside’s server could not finish the pairing. Try again in a minute.',
  not_waiting: `Nothing is waiting for an answer here any more: a newer link replaced it, or it was answered. ${AGAIN}`,
  expired_answer: `Nobody answered within ten minutes, so nothing changed. ${AGAIN}`,
  changed: `Fieldside in this browser was signed out or signed in to another account since the link was opened, so nothing changed. ${AGAIN}`,
};

export class PairingError extends Error {
  override readonly name = 'PairingError';
  constructor(
    readonly problem: PairingProblem,
    options?: { cause?: unknown },
  ) {
    super(WORDS[problem], options);
  }
}
