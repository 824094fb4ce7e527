import { cors } from 'hono/cors';
import { COMPANION_HEADERS } from '../../../contracts/companion-http';

/**
 * Only Fieldside's own extension pages may call the feed from a browser: Chrome's by their fixed ids;
 * Firefox's by scheme alone, because Firefox gives every installation a random moz-extension:// UUID.
 */
export function feedCors(allowedExtensionIds: readonly string[]) {
  const chrome = new Set(allowedExtensionIds.map((id) => `chrome-extension://${id}`));
  return cors({
    origin: (origin) => (chrome.has(origin) || /^moz-extension:\/\/[0-9a-f-]{36}$/i.test(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'Last-Event-ID', COMPANION_HEADERS.pass],
    maxAge: 600,
  });
}
