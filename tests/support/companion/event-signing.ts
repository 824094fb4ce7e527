import { createHmac } from 'node:crypto';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';

// Add-on events signed as the platform signs them (HS256 with the App Secret, the payload the event object and no
// claim added), and as someone who is not the platform would try them: another algorithm with a good signature of
// its own, `none`, or a header no library would write. For the companion's tests and the add-on benchmark.

const encoder = new TextEncoder();
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The compact JWT the platform posts: HS256 (or another HMAC algorithm, for a test) over the payload as given. */
export function signEvent(
  secret: string,
  payload: Record<string, unknown>,
  alg: 'HS256' | 'HS384' | 'HS512' = 'HS256',
): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(encoder.encode(secret));
}

/** An unsecured JWT, `alg: none`, with an empty signature. */
export const unsecuredEvent = (payload: Record<string, unknown>): string => new UnsecuredJWT(payload).encode();

/** A JWT signed RS256 with a key pair of its own: a good signature, by the wrong kind of key. */
export async function rsaSignedEvent(payload: Record<string, unknown>): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(privateKey);
}

/** A token with any header at all, signed HMAC-SHA-256 with `secret` over exactly those bytes. */
export function eventWithHeader(secret: string, header: Record<string, unknown>, payload: Record<string, unknown>) {
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
