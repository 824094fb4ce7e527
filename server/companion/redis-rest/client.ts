import { z } from 'zod';

// A client for Redis over HTTP, the protocol edge platforms' Redis services speak (Upstash's REST API): POST a
// JSON array of the command's words to the base URL and get `{ result }` or `{ error }`; POST an array of such
// arrays to `/pipeline` and get one of those per command, in order. An edge runtime cannot open Redis's own TCP
// connection, but it can always make a fetch, and a fetch belongs to no request in particular, so one client
// serves every request an isolate handles.

export type RedisArg = string | number;

/** Redis refused the command itself (a wrong type, a script error, no such key). */
export class RedisReplyError extends Error {
  override readonly name = 'RedisReplyError';
}

/** The HTTP Redis could not be asked: unreachable, the token refused, or an answer outside the protocol. */
export class RedisRestError extends Error {
  override readonly name = 'RedisRestError';
}

export function isRedisReplyError(e: unknown): e is RedisReplyError {
  return e instanceof Error && e.name === 'RedisReplyError';
}

const ReplySchema = z.union([z.object({ error: z.string() }), z.object({ result: z.json() })]);
type Reply = z.infer<typeof ReplySchema>;

/** One command's outcome in a pipeline: its result, or Redis's refusal of it (the others still ran). */
export type PipelineItem = { ok: true; result: unknown } | { ok: false; error: RedisReplyError };

export interface RedisRestClient {
  /** Runs one command and answers its result; throws RedisReplyError or RedisRestError. */
  command(args: readonly RedisArg[]): Promise<unknown>;
  /** Runs the commands in one round trip, in order (not atomically: use a script for that). */
  pipeline(commands: readonly (readonly RedisArg[])[]): Promise<PipelineItem[]>;
}

export interface RedisRestOptions {
  url: string;
  /** Sent as a bearer token; never logged, never part of an error message. */
  token: string;
  fetch?: typeof fetch;
  /** How long one request may take before it counts as unreachable. */
  timeoutMs?: number;
}

export function createRedisRestClient(opts: RedisRestOptions): RedisRestClient {
  const fetchFn = opts.fetch ?? fetch;
  const base = opts.url.replace(/\/$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;

  async function post(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await fetchFn(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new RedisRestError('The shared store (Redis over HTTP) could not be reached', { cause });
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new RedisRestError('The shared store (Redis over HTTP) refused the companion: check REDIS_REST_TOKEN');
    }
    const json: unknown = await res.json().catch(() => undefined);
    return { status: res.status, json };
  }

  function outcome(reply: Reply): PipelineItem {
    return 'error' in reply
      ? { ok: false, error: new RedisReplyError(reply.error) }
      : { ok: true, result: reply.result };
  }

  const words = (args: readonly RedisArg[]) => args.map(String);

  return {
    async command(args) {
      const { status, json } = await post('', words(args));
      const reply = ReplySchema.safeParse(json);
      // A refused command comes back as 400 with `{ error }`; anything else unparsable is not this protocol.
      if (!reply.success || (status !== 200 && !('error' in reply.data))) {
        throw new RedisRestError(`The shared store (Redis over HTTP) answered outside its protocol (HTTP ${status})`);
      }
      const item = outcome(reply.data);
      if (!item.ok) throw item.error;
      return item.result;
    },

    async pipeline(commands) {
      if (commands.length === 0) return [];
      const { status, json } = await post('/pipeline', commands.map(words));
      const replies = z.array(ReplySchema).length(commands.length).safeParse(json);
      if (status !== 200 || !replies.success) {
        throw new RedisRestError(
          `The shared store (Redis over HTTP) answered a pipeline outside its protocol (HTTP ${status})`,
        );
      }
      return replies.data.map(outcome);
    },
  };
}
