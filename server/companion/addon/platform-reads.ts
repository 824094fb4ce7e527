import { z } from 'zod';
import type { Uuid } from '../../../contracts/uuid';

// The add-on's requests to the platform, always as the signed staff member (`x-impersonate-uuid`, the spec's
// impersonation), so the panel shows only what that person may see and a note is the platform's record of them.
// Every answer is validated; every failure becomes one of a few kinds the panel has words for.

export type Failure =
  /** 401: the access token was refused (expired early, or the add-on disabled). */
  | 'refused'
  /** 403 or 404: this person may not see it, or it does not exist. */
  | 'not_visible'
  /** 403 naming a scope: the account's activation did not allow this (activated before the panel could do it). */
  | 'missing_scope'
  /** 429 for the minute. */
  | 'busy'
  /** 429 for the day. */
  | 'daily_limit'
  /** Another 4xx: the platform turned this request down (a note it will not take, an account not in good standing). */
  | 'rejected'
  /** Unreachable, 5xx, or an answer outside the platform's shapes. */
  | 'unavailable';

export type Result<T> = { ok: true; value: T; headers: Headers } | { ok: false; failure: Failure };

export interface PlatformCall {
  accessToken: string;
  /** The signed staff member, impersonated. */
  staff: Uuid;
}

const TIMEOUT_MS = 8_000;
/** A photo of several megabytes from a phone's connection through the companion. */
const UPLOAD_TIMEOUT_MS = 120_000;

async function failureOf(res: Response): Promise<Failure> {
  const text = await res.text().catch(() => '');
  if (res.status === 401) return 'refused';
  if (res.status === 403 && /\bscope\b/i.test(text)) return 'missing_scope';
  if (res.status === 403 || res.status === 404) return 'not_visible';
  if (res.status === 429) return /per day/i.test(text) ? 'daily_limit' : 'busy';
  return res.status >= 400 && res.status < 500 ? 'rejected' : 'unavailable';
}

export function createPlatformReads(opts: { platformBaseUrl: string; fetch?: typeof fetch }) {
  const fetchFn = opts.fetch ?? fetch;
  const api = `${opts.platformBaseUrl}/api_1.0`;

  async function send<T>(
    call: PlatformCall,
    path: string,
    schema: z.ZodType<T>,
    init: { method?: string; json?: unknown; bytes?: Blob; bodyless?: boolean } = {},
  ): Promise<Result<T>> {
    let res: Response;
    const body = init.bytes ?? (init.json === undefined ? undefined : JSON.stringify(init.json));
    const type = init.bytes ? 'application/octet-stream' : init.json === undefined ? undefined : 'application/json';
    try {
      res = await fetchFn(`${api}/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${call.accessToken}`,
          'x-impersonate-uuid': call.staff,
          accept: 'application/json',
          ...(type ? { 'content-type': type } : {}),
        },
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(init.bytes ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS),
      });
    } catch {
      return { ok: false, failure: 'unavailable' };
    }
    if (!res.ok) return { ok: false, failure: await failureOf(res) };
    if (init.bodyless) {
      await res.body?.cancel();
      return { ok: true, value: undefined as T, headers: res.headers };
    }
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    return parsed.success
      ? { ok: true, value: parsed.data, headers: res.headers }
      : { ok: false, failure: 'unavailable' };
  }

  return {
    get: <T>(call: PlatformCall, path: string, schema: z.ZodType<T>) => send(call, path, schema),
    post: (call: PlatformCall, path: string, json: unknown) => send(call, path, z.unknown(), { method: 'POST', json }),
    /** Raw bytes to a file address (an attachment's `.file`). */
    upload: (call: PlatformCall, path: string, bytes: Blob) => send(call, path, z.unknown(), { method: 'POST', bytes }),
    /** Whether the address answers at all (a file's download), its body left unread. */
    probe: (call: PlatformCall, path: string) => send<undefined>(call, path, z.undefined(), { bodyless: true }),
  };
}

export type PlatformReads = ReturnType<typeof createPlatformReads>;
