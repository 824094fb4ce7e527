import { destination, pino, type Level } from 'pino';
import type { Logger } from './request-log';

// The companion process's log (main.ts): the same JSON lines as consoleLogger, written by pino to standard output
// in batches, without waiting for the writes. console.log writes to a file or pipe synchronously, one system call a
// line, and the request log writes a line for every request, so under a burst of webhooks that write was a fixed
// share of every notification's cost (a write handed to Node's thread pool per line costs about as much). Lines
// gather here until there are BATCH_BYTES of them, or for at most FLUSH_MS, and go to pino's destination as one
// string, which writes it at once or, while a write is under way, right after it, in order. What is still gathered
// is written synchronously when the process exits (a clean stop, process.exit, an uncaught error); only a SIGKILL
// can cut the last lines off.
//
// Why gather here, not in the destination (its minLength): it adds each line to the text it holds and measures that
// text's UTF-8 length again for every line (sonic-boom 4), a copy of up to 16 KiB a line: 1.6 µs a request line
// against 0.3 µs for gathering in a list and joining once a batch.

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

/** pino's isoTime, made once a millisecond: a burst's lines share their milliseconds. */
function isoTimeOncePerMs(): () => string {
  let at = NaN;
  let field = '';
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      field = `,"time":"${new Date(now).toISOString()}"`;
    }
    return field;
  };
}

export function createStdoutLog(): StdoutLog {
  const stream = destination({ dest: 1, sync: false });
  let lines: string[] = [];
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (lines.length === 0) return;
    const text = lines.join('');
    lines = [];
    bytes = 0;
    stream.write(text);
  };
  const gathered = {
    write(line: string) {
      lines.push(line);
      bytes += line.length;
      if (bytes >= BATCH_BYTES) flush();
      // Not unref'd: while lines wait, the process has work left, so pino's destination is not ended before them.
      else timer ??= setTimeout(flush, FLUSH_MS);
    },
  };
  process.on('exit', () => {
    try {
      flush();
      stream.flushSync();
    } catch {
      // Already ended: pino ends its destination, everything written, once the event loop has nothing left to do.
    }
  });
  const out = pino(
    {
      // Every line is written: the request log's and the operational ones alike.
      level: 'trace',
      // Nothing but the line and its time: no pid or hostname.
      base: null,
      timestamp: isoTimeOncePerMs(),
      formatters: { level: (label) => ({ level: label }) },
    },
    gathered,
  );
  return {
    log: ({ level, ...rest }) => out[typeof level === 'string' && LEVELS.has(level) ? (level as Level) : 'info'](rest),
    flush,
  };
}
