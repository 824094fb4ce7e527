import { sha256Base64Url } from '../../../contracts/installation-binding';
import { base64url } from 'jose';
import { decodedOrUndefined } from '../tokens/base64';
import { derivedKey } from '../tokens/derived-key';

// How a sign-in's code is tied to the flow that started it:
// - its own Return URL (`/oauth/return/<flow>`, derived from the state) at /oauth/start and /oauth/token, so the
//   platform itself refuses a code redeemed with another flow's state (Firefox, which leaves redirect_uri out,
//   comes back to the registered Return URL);
// - the companion's mark: /oauth/return hands on `code_mac`, an HMAC of the code, its state and its Return URL, given
//   once, for the first state the code comes with; /oauth/token takes a code only with its own state's mark.

const LABEL = 'fieldside-code-mac';
const encoder = new TextEncoder();

/** Which Return URL the platform sent the code to: the flow's own, or the registered one. */
export type ReturnedTo = 'flow' | 'registered';

/** The flow of a state: the first 22 characters of base64url(SHA-256(state)); any instance derives the same. */
export async function flowOf(state: string): Promise<string> {
  return (await sha256Base64Url(state)).slice(0, 22);
}

const macKey = (secret: string) => derivedKey(secret, LABEL, { name: 'HMAC', usages: ['sign', 'verify'] });
const message = (to: ReturnedTo, code: string, state: string) => encoder.encode(`${to}\n${code}\n${state}`);
const PREFIX: Record<ReturnedTo, string> = { flow: 'f', registered: 'r' };

export async function codeMacFor(secret: string, code: string, state: string, to: ReturnedTo): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await macKey(secret), message(to, code, state));
  return `${PREFIX[to]}.${base64url.encode(new Uint8Array(mac))}`;
}

/** Which Return URL the code came to, when `mac` is the companion's mark of this code with this state. */
export async function checkCodeMac(
  secret: string,
  code: string,
  state: string,
  mac: string,
): Promise<ReturnedTo | undefined> {
  const [prefix, text, ...rest] = mac.split('.');
  const to = prefix === 'f' ? 'flow' : prefix === 'r' ? 'registered' : undefined;
  const bytes = decodedOrUndefined(text);
  if (!to || !bytes || rest.length > 0) return undefined;
  return (await crypto.subtle.verify('HMAC', await macKey(secret), bytes, message(to, code, state))) ? to : undefined;
}
