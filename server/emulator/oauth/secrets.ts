import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable credential (codes, tokens, form tokens): 32 random bytes, URL-safe. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Credentials are stored only as this digest, so a dump of the emulator's memory or a stray log line
 * never holds a usable token. SHA-256 suffices: the inputs are 256-bit random, not passwords. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** Constant-time string comparison, for the client secret. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(digest(a));
  const y = Buffer.from(digest(b));
  return timingSafeEqual(x, y);
}
