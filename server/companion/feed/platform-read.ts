import { platformFetch } from './platform-error';

// One GET of a platform record by the companion, for what it reads once for a whole account (a note's job, a job's
// record, a visit, a job as a staff member sees it): the address on the configured platform, the token, and the
// staff member it is asked as, if any. Short by default: the platform waits about 10 s for the webhook's answer
// these reads come before.

/** 401, 403 and 404 say this token (or this staff member) may not read the record; another token may. */
export const refusedToken = (status: number): boolean => status === 401 || status === 403 || status === 404;

const READ_TIMEOUT_MS = 3_000;

export function createPlatformRead(opts: { platformBaseUrl: string; fetch?: typeof fetch; timeoutMs?: number }) {
  const fetchFn = opts.fetch ?? fetch;
  /** `GET {base_url}/api_1.0/<type>/<uuid>.json`; a network failure or timeout throws a PlatformError. */
  return (token: string, type: string, uuid: string, as?: { staff: string }): Promise<Response> =>
    platformFetch(
      fetchFn,
      `${opts.platformBaseUrl}/api_1.0/${type}/${encodeURIComponent(uuid)}.json`,
      {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(as ? { 'x-impersonate-uuid': as.staff } : {}),
        },
        timeoutMs: opts.timeoutMs ?? READ_TIMEOUT_MS,
      },
      `GET ${type}${as ? ' as a staff member' : ''}`,
    );
}

export type PlatformRead = ReturnType<typeof createPlatformRead>;
