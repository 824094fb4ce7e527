// A fetch that reads the whole body before resolving. A connection dropped in the middle of a body
// then fails inside fetch, where ky sees a network error and retries it, instead of failing later
// in `response.text()`, outside ky's retry loop.
//
// It also owns the attempt's timeouts (ky's own timeout is off, http.ts): one for the answer to
// start (status and headers), then one for the body to keep arriving, fed by every piece read
// (progress-timeout.ts). A deadline for the whole request would cut off a large page on a slow
// link however steadily it arrives; this cuts off only a connection that has gone quiet.
//
// The text is kept beside the Response (bodyText) rather than wrapped back into a new body: for a
// full page, re-encoding and decoding again would cost more than the client's whole overhead
// budget (bench/client.ts).
import { giveBackBodyBuffer, takeBodyBuffer } from './body-buffer';
import { createWatchdog, NoProgressError } from './progress-timeout';

export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export interface ProgressLimits {
  /** How long the answer may take to start: status and headers (the platform preparing a page). */
  answerMs: number;
  /** How long the body may go without a byte arriving. */
  stallMs: number;
}

/** Options passed through ky to bufferedFetch, about each attempt. */
export interface AttemptNotice {
  /** Told once the attempt is handed to fetch, i.e. on its way. A page walk that sent for the next page waits for
   * this, not for a task of its own, before it parses the page it has. */
  onRequestSent?: () => void;
  /** Told the status once the platform starts answering (the account's limiter learns of a refusal from it). */
  onAnswered?: (status: number) => void;
}

const texts = new WeakMap<Response, string>();

export function bufferedFetch(base: FetchLike, limits: ProgressLimits): FetchLike {
  return async (input, init) => {
    const { onRequestSent, onAnswered, ...rest } = (init ?? {}) as RequestInit & AttemptNotice;
    const stop = new AbortController();
    let answered = false;
    let bytes = 0;
    let quiet: NoProgressError | null = null;
    // Rejects when the watchdog fires: raced against every wait, so a fetch that ignores its
    // signal (a test double, a stuck implementation) cannot hold the attempt forever either.
    let fire: (error: NoProgressError) => void = () => undefined;
    const expired = new Promise<never>((_, reject) => (fire = reject));
    expired.catch(() => undefined);
    const watchdog = createWatchdog((quietMs) => {
      quiet = new NoProgressError(answered ? 'body' : 'answer', quietMs, bytes);
      stop.abort(quiet); // closes the connection
      fire(quiet);
    });
    const signals = [input instanceof Request ? input.signal : undefined, init?.signal ?? undefined, stop.signal];
    const signal = AbortSignal.any(signals.filter((s): s is AbortSignal => s !== undefined));
    watchdog.arm(limits.answerMs);
    try {
      const sending = base(input, { ...rest, signal });
      onRequestSent?.();
      const response = await Promise.race([sending, expired]);
      answered = true;
      onAnswered?.(response.status);
      watchdog.arm(limits.stallMs);
      const text = await readText(
        response,
        (n) => {
          bytes += n;
          watchdog.feed();
        },
        expired,
      );
      const out = new Response(null, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
      texts.set(out, text);
      return out;
    } catch (error) {
      throw quiet ?? error;
    } finally {
      watchdog.stop();
    }
  };
}

/** The body as text, read piece by piece so that each piece counts as progress. */
async function readText(
  response: Response,
  progress: (bytes: number) => void,
  expired: Promise<never>,
): Promise<string> {
  if (response.body === null) return '';
  const declared = declaredLength(response);
  const reader = declared > 0 ? byobReader(response.body) : null;
  if (reader !== null) return readDeclared(reader, declared, progress, expired);
  return readPieces(response.body.getReader(), declared, progress, expired);
}

/** A reader that fills a buffer of ours, or null when the stream is not a byte stream (only those have one). */
function byobReader(body: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | null {
  try {
    return body.getReader({ mode: 'byob' });
  } catch {
    return null;
  }
}

/** A body of known length read straight into one buffer (body-buffer.ts): no piece is allocated and then copied
 * again to join them (for a 5,000-job page, 8 MB in a few dozen pieces), and its reads are fewer. */
async function readDeclared(
  reader: ReadableStreamBYOBReader,
  declared: number,
  progress: (bytes: number) => void,
  expired: Promise<never>,
): Promise<string> {
  let buffer = takeBodyBuffer(declared);
  let length = 0;
  try {
    while (length < declared) {
      const view = new Uint8Array(buffer, length, declared - length);
      const { done, value } = await Promise.race([reader.read(view), expired]);
      if (done) {
        if (value !== undefined) buffer = value.buffer as ArrayBuffer;
        break;
      }
      // Each read hands back the buffer it filled (the one passed in is detached).
      buffer = value.buffer as ArrayBuffer;
      length += value.byteLength;
      progress(value.byteLength);
    }
    reader.releaseLock();
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  }
  const text = new TextDecoder().decode(new Uint8Array(buffer, 0, length));
  giveBackBodyBuffer(buffer);
  return text;
}

/** The body read in the stream's own pieces, joined and decoded once at the end (decoding each piece into a
 * growing string costs more). */
async function readPieces(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  declared: number,
  progress: (bytes: number) => void,
  expired: Promise<never>,
): Promise<string> {
  const pieces: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), expired]);
      if (done) break;
      pieces.push(value);
      length += value.length;
      progress(value.length);
      if (length === declared) {
        reader.releaseLock();
        break;
      }
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  }
  if (pieces.length === 1) return new TextDecoder().decode(pieces[0]);
  const all = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return new TextDecoder().decode(all);
}

/** The body's length in bytes as the answer declares it, when the stream's bytes are the body's as sent (no
 * content-encoding), else NaN. Once that many bytes are read the body is whole: the stream's end is not awaited,
 * which in a service worker comes tens of ms after its last bytes (the worker idled that long for every page). */
function declaredLength(response: Response): number {
  if (response.headers.get('content-encoding') !== null) return Number.NaN;
  const declared = response.headers.get('content-length');
  return declared === null || declared === '' ? Number.NaN : Number(declared);
}

/** The body read by bufferedFetch; reads the stream for any other Response. */
export async function bodyText(response: Response): Promise<string> {
  return texts.get(response) ?? (await response.text());
}
