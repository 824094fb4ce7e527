import { cors } from 'hono/cors';
import { COMPANION_HEADERS } from '../../contracts/companion-http';
import type { MiddlewareHandler } from 'hono';

// Only Fieldside's own pages may call the companion from a browser: Chrome extensions by their fixed ids, and
// Firefox ones by scheme, because Firefox gives every installation a random internal UUID
// (moz-extension://<uuid>) that no server can know in advance. Everything else gets no CORS headers at all.

const FIREFOX_ORIGIN = /^moz-extension:\/\/[0-9a-f-]{36}$/i;

export function isAllowedOrigin(origin: string, chromeIds: ReadonlySet<string>): boolean {
  if (FIREFOX_ORIGIN.test(origin)) return true;
  const chrome = /^chrome-extension:\/\/([a-p]{32})$/.exec(origin);
  return chrome?.[1] !== undefined && chromeIds.has(chrome[1]);
}

export function createCorsMiddleware(chromeIds: ReadonlySet<string>): MiddlewareHandler {
  return cors({
    origin: (origin) => (isAllowedOrigin(origin, chromeIds) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', 'Last-Event-ID', COMPANION_HEADERS.pass],
    maxAge: 600,
  });
}
