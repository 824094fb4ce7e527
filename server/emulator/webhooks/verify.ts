import { randomBytes } from 'node:crypto';
import { postToCallback, type PostOptions } from './http-post';

export type VerifyResult = { ok: true } | { ok: false; reason: string };

/**
 * The verification request the platform sends before saving a public app's subscription (`mode=subscribe&challenge=`),
 * passed only by a 200 whose body is the challenge byte for byte: the spec's "containing only the challenge value",
 * read strictly, so a receiver that passes here passes on the real platform whatever its reading.
 */
export async function verifyCallback(callbackUrl: string, options: PostOptions): Promise<VerifyResult> {
  const challenge = randomBytes(18).toString('base64url');
  const outcome = await postToCallback(
    callbackUrl,
    {
      contentType: 'application/x-www-form-urlencoded',
      text: new URLSearchParams({ mode: 'subscribe', challenge }).toString(),
    },
    options,
  );
  if (outcome.kind === 'no-answer') return { ok: false, reason: outcome.reason };
  if (outcome.status !== 200) return { ok: false, reason: `callback answered HTTP ${outcome.status}, not 200` };
  if (outcome.body === challenge) return { ok: true };
  if (outcome.body.trim() === challenge) {
    return { ok: false, reason: 'the answer body has whitespace around the challenge; it must be the challenge only' };
  }
  return { ok: false, reason: 'the answer body is not the challenge value' };
}
