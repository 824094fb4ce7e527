import { destination, pino, stdTimeFunctions, type Level } from 'pino';
import type { Logger } from './request-log';

// The companion process's log (main.ts): the same JSON lines as consoleLogger, written by pino to standard output
// in batches, without waiting for the writes. console.log writes to a file or pipe synchronously, one system call a
// line, and the request log writes a line for every request, so under a burst of webhooks that write was a fixed
// share of every notification's cost (a write handed to Node's thread pool per line costs about as much). Lines
// gather until there are BATCH_BYTES of them, or for at most FLUSH_MS, and go out in order. pino writes what is
// still gathered synchronously when the process exits (a clean stop, process.exit, an uncaught error); only a
// SIGKILL can cut the last lines off.

/** About forty request lines. */
const BATCH_BYTES = 4096;
/** How long a line may wait on a quiet companion before it is written. */
const FLUSH_MS = 250;

const LEVELS: ReadonlySet<string> = new Set<Level>(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);

export interface StdoutLog {
  log: Logger;
  /** Writes what is gathered now (a line someone waits for, such as `listening`). */
  flush(): void;
}

export function createStdoutLog(): StdoutLog {
  const stream = destination({ dest: 1, sync: false, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS });
  const out = pino(
    {
      // Every line is written: the request log's and the operational ones alike.
      level: 'trace',
      // Nothing but the line and its time: no pid or hostname.
      base: null,
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
  return {
    log: ({ level, ...rest }) => out[typeof level === 'string' && LEVELS.has(level) ? (level as Level) : 'info'](rest),
    flush: () => stream.flush(),
  };
}
