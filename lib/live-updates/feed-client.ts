import {
  COMPANION_ERRORS,
  COMPANION_HEADERS,
  COMPANION_PATHS,
  FEED_CHANGE_EVENT,
  FEED_GAP_EVENT,
  FeedRegisterReplySchema,
  FeedRotateReplySchema,
  ReadFeedChangeSchema,
  ReadFeedPageSchema,
  type FeedRegisterReply,
  type FeedRotateReply,
} from '../../contracts/companion-http';
import { createParser } from 'eventsource-parser';
import { FeedError, type FeedChange, type FeedPage } from './types';

// The companion's feed API (contracts/companion-http.ts), authenticated with the platform access
// token and the companion's pass for it: register (also ensures the subscriptions), catch-up reads, and the live
// stream. A pass the companion no longer takes (401 invalid_pass: it expired with its token, or was never given)
// is renewed once, by a refresh, and the call made again; a second refusal is the companion's "sign in again".

export interface FeedClientOptions {
  /** Read on every call, so a changed connection applies at once. */
  companionUrl: () => Promise<string>;
  accessToken: () => Promise<string>;
  /** The companion's pass for that access token (its token answer's `fieldside_pass`); without one the companion
   * answers 401 `invalid_pass`. */
  pass?: (accessToken: string) => Promise<string | null>;
  /** The companion refused the pass of `failedAccessToken`: refresh the token (its answer brings a new pass). */
  renew?: (failedAccessToken: string) => Promise<unknown>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface StreamHandlers {
  onChange: (change: FeedChange) => void;
  /** The companion no longer keeps every change after the position asked for. */
  onGap?: () => void;
  /** The stream is open (the companion sent its first bytes). */
  onOpen?: () => void;
}

export function createFeedClient(options: FeedClientOptions) {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 20_000;

  type Init = RequestInit & { accept: string };
  async function send(path: string, init: Init, signal?: AbortSignal): Promise<{ token: string; response: Response }> {
    const base = (await options.companionUrl()).replace(/\/$/, '');
    const token = await options.accessToken();
    const pass = (await options.pass?.(token)) ?? null;
    const { accept, ...rest } = init;
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept };
    if (pass) headers[COMPANION_HEADERS.pass] = pass;
    try {
      const response = await fetchImpl(`${base}${path}`, {
        ...rest,
        headers,
        signal: signal ?? AbortSignal.timeout(timeoutMs),
      });
      return { token, response };
    } catch (cause) {
      throw new FeedError(`The companion's feed could not be reached (${path.split('?')[0]})`, 0, { cause });
    }
  }

  async function request(path: string, init: Init, signal?: AbortSignal): Promise<Response> {
    const first = await send(path, init, signal);
    let response = first.response;
    if (response.status === 401 && options.renew) {
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { error?: unknown } | null;
      if (body?.error === COMPANION_ERRORS.invalidPass) {
        await response.body?.cancel();
        await options.renew(first.token);
        response = (await send(path, init, signal)).response;
      }
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
      const why =
        typeof body?.message === 'string'
          ? body.message
          : typeof body?.error === 'string'
            ? body.error
            : `HTTP ${response.status}`;
      throw new FeedError(`The companion refused ${path.split('?')[0]}: ${why}`, response.status);
    }
    return response;
  }

  async function json<T>(
    response: Response,
    parse: (v: unknown) => { success: true; data: T } | { success: false },
  ): Promise<T> {
    const parsed = parse(await response.json().catch(() => null));
    if (!parsed.success) throw new FeedError('The companion answered the feed in an unexpected shape', 502);
    return parsed.data;
  }

  return {
    /** Answers the current feed position; when the pass names an administrator, also ensures the account's
     * subscriptions. */
    async register(): Promise<FeedRegisterReply> {
      const res = await request(COMPANION_PATHS.feedRegister, { method: 'POST', accept: 'application/json' });
      return json(res, (v) => FeedRegisterReplySchema.safeParse(v));
    },

    /** Gives the account a new callback URL (administrators the platform vouched for only) and moves the
     * subscriptions to it. */
    async rotate(): Promise<FeedRotateReply> {
      const res = await request(COMPANION_PATHS.feedRotate, { method: 'POST', accept: 'application/json' });
      return json(res, (v) => FeedRotateReplySchema.safeParse(v));
    },

    /** Changes after `after`, oldest first. */
    async read(after: string, limit = 500): Promise<FeedPage> {
      const q = new URLSearchParams({ after, limit: String(limit) });
      const res = await request(`${COMPANION_PATHS.feedRead}?${q}`, { method: 'GET', accept: 'application/json' });
      return json(res, (v) => ReadFeedPageSchema.safeParse(v));
    },

    /**
     * Reads the live stream until it ends or `signal` aborts. Resolves when the companion closes it
     * (the caller reconnects from its last position); rejects with FeedError when it cannot open.
     */
    async stream(after: string, signal: AbortSignal, handlers: StreamHandlers): Promise<void> {
      const res = await request(
        `${COMPANION_PATHS.feedStream}?${new URLSearchParams({ after })}`,
        { method: 'GET', accept: 'text/event-stream' },
        signal,
      );
      if (!res.body) throw new FeedError('The feed stream has no body', 502);
      handlers.onOpen?.();
      // EventSource cannot send an Authorization header, so the stream is read with fetch and parsed here.
      const parser = createParser({
        onEvent(event) {
          if (event.event === FEED_GAP_EVENT) return handlers.onGap?.();
          if (event.event !== FEED_CHANGE_EVENT) return;
          let raw: unknown;
          try {
            raw = JSON.parse(event.data);
          } catch {
            return; // a malformed event is skipped; catch-up on the next wake re-reads from the position
          }
          const change = ReadFeedChangeSchema.safeParse(raw);
          if (change.success) handlers.onChange(change.data);
        },
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch (cause) {
        if (signal.aborted) return;
        throw new FeedError('The feed stream broke', 0, { cause });
      } finally {
        parser.reset({ consume: false });
        reader.releaseLock();
      }
    },
  };
}
export type FeedClient = ReturnType<typeof createFeedClient>;
