/** A failure talking to the platform, with the status the companion answers its own caller. */
export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  constructor(
    message: string,
    /** 401 the token was refused, 403 it lacks a scope, 502 the platform failed or is unreachable. */
    readonly status: 401 | 403 | 502,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isPlatformError(e: unknown): e is PlatformError {
  return e instanceof Error && e.name === 'PlatformError';
}

/** Turns a platform answer that is not 2xx into the error the companion reports. */
export async function platformErrorFrom(res: Response, what: string): Promise<PlatformError> {
  const text = (await res.text().catch(() => '')).slice(0, 300);
  let detail = text;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') detail = body.message;
  } catch {
    // Not JSON: keep the text.
  }
  const suffix = detail ? `: ${detail}` : '';
  if (res.status === 401) return new PlatformError(`The platform refused the access token (${what})${suffix}`, 401);
  if (res.status === 403) return new PlatformError(`The access token lacks a needed scope (${what})${suffix}`, 403);
  return new PlatformError(`The platform answered ${res.status} to ${what}${suffix}`, 502);
}

/** fetch that turns a network failure or timeout into a 502 PlatformError. */
export async function platformFetch(
  fetchFn: typeof fetch,
  url: string,
  init: RequestInit & { timeoutMs?: number },
  what: string,
): Promise<Response> {
  try {
    return await fetchFn(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 10_000) });
  } catch (e) {
    throw new PlatformError(`The platform is unreachable (${what}): ${(e as Error).message}`, 502, { cause: e });
  }
}
