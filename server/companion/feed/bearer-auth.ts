import { createMiddleware } from 'hono/factory';
import { isPlatformError } from './platform-error';
import type { TokenChecker } from './token-check';

export interface FeedEnv {
  Variables: { account: string; token: string };
}

/** Requires `Authorization: Bearer <platform access token>` and resolves it to the caller's account. */
export function bearerAuth(checker: TokenChecker) {
  return createMiddleware<FeedEnv>(async (c, next) => {
    const m = /^Bearer\s+(\S{1,4096})$/i.exec(c.req.header('authorization') ?? '');
    if (!m) return c.json({ error: 'Missing Authorization: Bearer <platform access token>' }, 401);
    const token = m[1]!;
    try {
      c.set('account', await checker.accountFor(token));
    } catch (e) {
      if (isPlatformError(e)) return c.json({ error: e.message }, e.status);
      throw e;
    }
    c.set('token', token);
    await next();
  });
}
