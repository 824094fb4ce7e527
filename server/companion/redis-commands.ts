import type { PipelineItem, RedisArg, RedisRestClient } from './redis-rest/client';

// The one way the companion's stores speak to Redis, whichever way it is reached: its own protocol from Node
// (redis-connection.ts, ioredis) or its HTTP API from an edge isolate (redis-rest/client.ts). Each store is written
// once over this, with the same keys and scripts, so Node instances and edge isolates share one Redis.

export interface RedisCommands {
  /** Runs one command and answers its reply; throws when Redis refuses it or cannot be reached. */
  command(args: readonly RedisArg[]): Promise<unknown>;
  /** Runs the commands in one round trip, in order (not atomically: use a script for that). */
  pipeline(commands: readonly (readonly RedisArg[])[]): Promise<PipelineItem[]>;
  /** Runs a Lua script atomically over `keys` with `args`. */
  script(lua: string, keys: readonly string[], args: readonly RedisArg[]): Promise<unknown>;
  /** Runs `run` once the current turn of the event loop has asked for its commands, so a store can join what many
   * requests asked for into one (redis-append-batch.ts): on Node after the turn's I/O callbacks, over HTTP in a
   * microtask (after what the current task asks for). Never on a timer: nothing waits longer than its turn. */
  afterTurn(run: () => void): void;
  /** Lets go of the connection, if there is one. */
  close(): Promise<void>;
}

/** Redis over HTTP, once it answered: every call is its own request, so there is nothing to close. `purpose` names
 * the store in the error a wrong URL or token gives at start. */
export async function reachOverHttp(client: RedisRestClient, purpose: string): Promise<RedisCommands> {
  try {
    await client.command(['PING']);
  } catch (e) {
    throw new Error(`Cannot reach the shared store (Redis over HTTP) for ${purpose} (${(e as Error).message})`, {
      cause: e,
    });
  }
  return {
    command: (args) => client.command(args),
    pipeline: (commands) => client.pipeline(commands),
    script: (lua, keys, args) => client.command(['EVAL', lua, keys.length, ...keys, ...args]),
    // Each call is a request of its own, and an edge runtime has no later phase of a turn to wait for.
    afterTurn: (run) => queueMicrotask(run),
    close: async () => undefined,
  };
}
