import { createMiddleware } from 'hono/factory';
import { COMPANION_ERRORS, COMPANION_HEADERS } from '../../../contracts/companion-http';
import type { Uuid } from '../../../contracts/uuid';
import { jsonError } from '../http-errors';
import { openPass } from '../trust/pass';

// Every feed call carries the platform access token and the companion's pass for it (../trust/pass.ts): the pass
// says the caller's account and, when the platform vouched for them (pairing), the staff member; no header a browser
// writes itself does. A caller without a good pass of this very token is answered 401 in words, and the platform is
// never asked: a token the companion cannot place costs the account's budget nothing.

export interface FeedEnv {
  Variables: {
    account: string;
    token: string;
    /** The staff member the platform vouched for; undefined for a browser nobody vouched for. */
    staff: Uuid | undefined;
    /** When the token (and its pass) expires, ms since the epoch. */
    expiresAt: number;
  };
}

const NO_TOKEN = 'Fieldside is not signed in here. Sign in, then try again.';
const NO_PASS =
  "This browser's sign-in is not current for live updates. Fieldside renews it by itself; if this stays, sign in again.";

export function passAuth(opts: { secret: string; now: () => number }) {
  return createMiddleware<FeedEnv>(async (c, next) => {
    const bearer = /^Bearer\s+(\S{1,4096})$/i.exec(c.req.header('authorization') ?? '');
    if (!bearer) return jsonError(c, 401, COMPANION_ERRORS.invalidToken, NO_TOKEN);
    const token = bearer[1]!;
    const pass = await openPass(opts.secret, c.req.header(COMPANION_HEADERS.pass), token, opts.now());
    if (!pass) return jsonError(c, 401, COMPANION_ERRORS.invalidPass, NO_PASS);
    c.set('account', pass.account);
    c.set('token', token);
    c.set('staff', pass.staff);
    c.set('expiresAt', pass.exp * 1000);
    await next();
  });
}
