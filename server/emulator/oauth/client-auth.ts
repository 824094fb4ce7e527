import type { AppInfo } from '../contracts';
import { safeEqual } from './secrets';

export type ClientAuthResult =
  { ok: true; clientId: string } | { ok: false; error: 'invalid_request' | 'invalid_client'; description: string };

/** RFC 6749 §2.3.1: Basic credentials are form-encoded before base64. */
function formDecode(part: string): string | undefined {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function parseBasic(header: string): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const id = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  return id === undefined || secret === undefined ? undefined : { id, secret };
}

/** Authenticates the client by HTTP Basic or by client_id and client_secret in the body (one method only). */
export function authenticateClient(
  app: AppInfo,
  authorization: string | undefined,
  bodyClientId: string | undefined,
  bodySecret: string | undefined,
): ClientAuthResult {
  let id = bodyClientId;
  let secret = bodySecret;
  if (authorization) {
    const basic = parseBasic(authorization);
    if (!basic) return { ok: false, error: 'invalid_client', description: 'Malformed Basic authorization header.' };
    if (bodySecret !== undefined) {
      return { ok: false, error: 'invalid_request', description: 'Send client credentials by one method only.' };
    }
    if (bodyClientId !== undefined && bodyClientId !== basic.id) {
      return { ok: false, error: 'invalid_client', description: 'client_id differs from the Basic credentials.' };
    }
    ({ id, secret } = basic);
  }
  if (!id) return { ok: false, error: 'invalid_client', description: 'Client authentication is missing (client_id).' };
  if (id !== app.client_id) return { ok: false, error: 'invalid_client', description: 'Unknown client_id.' };
  if (!secret)
    return { ok: false, error: 'invalid_client', description: 'Client authentication is missing (client_secret).' };
  if (!safeEqual(secret, app.client_secret)) {
    return { ok: false, error: 'invalid_client', description: 'Client authentication failed.' };
  }
  return { ok: true, clientId: id };
}
