// An error in words a field worker understands: what happened and what to do, with the technical
// part (a request line, a path, a status code, an error class) kept apart for support, behind a
// disclosure. Errors reach pages as a name and a message (lib/messaging/errors.ts: a prototype does
// not survive a message), so the words come from the name where the message is technical.

/** An error as a page holds it: a bare message, or a name and a message. */
export type Problem = string | { name?: string; message: string };

export interface ProblemWords {
  /** One sentence on screen: what happened. Never technical. */
  what: string;
  /** What to do about it, when the message did not say. */
  todo: string | null;
  /** For support: the technical text that was left out of `what` (null when nothing was). */
  details: string | null;
}

/** A request line, an address, an HTTP status, an error class, a serialized object. */
const TECHNICAL =
  /\b(?:GET|POST|PUT|PATCH|DELETE|HEAD)\s+\/|\/api_\d|\w+\.json\b|[a-z-]+:\/\/|\b(?:HTTP|status)\s*[1-5]\d\d\b|(?:^|:\s)[1-5]\d\d\b|\b[A-Z]\w*Error\b|[[{]"/;

/** JavaScript's own errors: a bug's message is for developers, whatever it says. */
const BUG = /^(?:Type|Range|Reference|Syntax|Eval|URI|Internal)Error$/;

const AGAIN = 'Try again. If it keeps happening, copy the details below for support.';

/** Words for the error names the platform client and the background use (lib/api/errors.ts). */
const BY_NAME: Readonly<Record<string, readonly [what: string, todo: string]>> = {
  NetworkError: [
    'Fieldside could not reach the platform.',
    'Check the connection. What Fieldside has kept stays available, and it tries again by itself.',
  ],
  ServerError: ['The platform had a problem and could not answer.', 'Try again in a minute.'],
  RateLimitedError: ['The platform asked Fieldside to slow down.', 'Try again in a minute.'],
  AuthenticationError: ['The platform no longer accepts your sign-in.', "Sign in again in Fieldside's settings."],
  SignedOutError: ['The platform no longer accepts your sign-in.', "Sign in again in Fieldside's settings."],
  AccountOnHoldError: [
    'The platform has put the account on hold: its billing needs attention.',
    "Ask your account's administrator. What Fieldside has kept stays available.",
  ],
  MissingScopeError: [
    'Your sign-in does not allow Fieldside to do this.',
    'Allow it where Fieldside offers it, or ask your administrator.',
  ],
  NotFoundError: ['The platform no longer has this.', 'It may have been deleted, or it is no longer yours to see.'],
  ValidationError: ['The platform did not accept this, or answered in a way Fieldside could not use.', AGAIN],
  QuotaExceededError: ['This device has no space left for Fieldside.', 'Free some disk space, then try again.'],
};
const DAILY_LIMIT: readonly [string, string] = [
  "The account has used up today's requests to the platform.",
  "What Fieldside has kept stays available; it carries on when the platform's day turns.",
];

export function problemWords(problem: Problem): ProblemWords {
  const name = typeof problem === 'string' ? undefined : problem.name;
  const message = (typeof problem === 'string' ? problem : problem.message).trim();
  const { plain, hidden } = separate(message);
  if (plain && !TECHNICAL.test(plain) && !(name && BUG.test(name))) {
    // Plain words stay exactly as written; a sentence that lost its tail gets its full stop back.
    if (hidden.length === 0) return { what: plain, todo: null, details: null };
    return { what: sentence(plain), todo: null, details: forSupport(name, message) };
  }
  const known =
    name === 'RateLimitedError' && /per day|daily/i.test(message) ? DAILY_LIMIT : name ? BY_NAME[name] : undefined;
  const [what, todo] = known ?? ['Something went wrong.', AGAIN];
  return { what, todo, details: message ? forSupport(name, message) : null };
}

/** The message without its technical parts: parenthesised groups that are technical, and a
 * technical tail after a colon ("The platform refused this note: POST /api_1.0/…"). */
function separate(message: string): { plain: string; hidden: string[] } {
  const hidden: string[] = [];
  let plain = '';
  for (let i = 0; i < message.length; i++) {
    const close = message[i] === '(' ? matching(message, i) : -1;
    const inner = close > 0 ? message.slice(i + 1, close) : '';
    if (close > 0 && TECHNICAL.test(inner)) {
      hidden.push(inner);
      i = close;
    } else {
      plain += message[i];
    }
  }
  for (let at = plain.indexOf(': '); at > 0; at = plain.indexOf(': ', at + 2)) {
    const head = plain.slice(0, at);
    if (TECHNICAL.test(head)) break;
    if (TECHNICAL.test(plain.slice(at + 2))) {
      hidden.push(plain.slice(at + 2));
      plain = head;
      break;
    }
  }
  return {
    plain: plain
      .replace(/\s+([.,;:])/g, '$1')
      .replace(/\s{2,}/g, ' ')
      .trim(),
    hidden,
  };
}

function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

function sentence(text: string): string {
  const trimmed = text.replace(/[\s:;,]+$/, '');
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function forSupport(name: string | undefined, message: string): string {
  return name && name !== 'Error' ? `${name}: ${message}` : message;
}
