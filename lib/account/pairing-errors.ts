// Why a pairing did not happen, in words for the person on the pairing page (they clicked "Use Fieldside in this
// browser" on a job card a moment ago, so the way out is usually "choose Fieldside on the job again").

export type PairingProblem =
  | 'invalid'
  | 'expired'
  | 'used'
  | 'other_account'
  | 'signed_out'
  | 'api_key'
  | 'not_staff'
  | 'sign_in'
  | 'unreachable'
  | 'busy'
  | 'server';

const AGAIN = 'Open the job in the platform, choose Fieldside, then “Use Fieldside in this browser” again.';

const WORDS: Record<PairingProblem, string> = {
  invalid: `This link from the job card is not one Fieldside can use. ${AGAIN}`,
  expired: `This link from the job card is more than a few minutes old. ${AGAIN}`,
  used: `This link from the job card has already been used. ${AGAIN}`,
  other_account: "This job card belongs to another business's account than the one Fieldside is signed in to here.",
  signed_out: `Fieldside is not signed in in this browser. Sign in from Fieldside's toolbar button, then ${AGAIN.charAt(0).toLowerCase()}${AGAIN.slice(1)}`,
  api_key:
    'Fieldside is connected with an API key in this browser, which sees the whole account rather than one person, so it cannot be paired.',
  not_staff: 'The platform named a staff member who is not active in this account.',
  sign_in: `Fieldside's sign-in was not accepted. Sign in again from Fieldside's toolbar button, then ${AGAIN.charAt(0).toLowerCase()}${AGAIN.slice(1)}`,
  unreachable: 'Fieldside could not reach its server. Check the connection, then try again.',
  busy: 'Fieldside’s server is busy just now. Try again in a minute.',
  server: 'Fieldside’s server could not finish the pairing. Try again in a minute.',
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
