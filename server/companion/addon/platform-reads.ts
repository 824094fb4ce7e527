import { z } from 'zod';

// The add-on's requests to the platform, always as the signed staff member (`x-impersonate-uuid`, the spec's
// impersonation), so the panel shows only what that person may see and a note is the platform's record of them.
// Every answer is validated; every failure becomes one of a few kinds the panel has words for.

export type Failure =
  /** 401: the access token was refused (expired early, or the add-on disabled). */
  | 'refused'
  /** 403 or 404: this person may not see it, or it does not exist. */
  | 'not_visible'
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
  staff: string;
}

const TIMEOUT_MS = 8_000;

async function failureOf(res: Response): Promise<Failure> {
  const text = await res.text().catch(() => '');
  if (res.status === 401) return 'refused';
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
    init: { method?: string; json?: unknown } = {},
  ): Promise<Result<T>> {
    let res: Response;
    try {
      res = await fetchFn(`${api}/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${call.accessToken}`,
          'x-impersonate-uuid': call.staff,
          accept: 'application/json',
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      return { ok: false, failure: 'unavailable' };
    }
    if (!res.ok) return { ok: false, failure: await failureOf(res) };
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    return parsed.success
      ? { ok: true, value: parsed.data, headers: res.headers }
      : { ok: false, failure: 'unavailable' };
  }

  return {
    get: <T>(call: PlatformCall, path: string, schema: z.ZodType<T>) => send(call, path, schema),
    post: (call: PlatformCall, path: string, json: unknown) => send(call, path, z.unknown(), { method: 'POST', json }),
  };
}

export type PlatformReads = ReturnType<typeof createPlatformReads>;
