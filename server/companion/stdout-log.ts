import { destination, pino, stdTimeFunctions, type Level } from 'pino';
import type { Logger } from './request-log';

// The companion process's log (main.ts): the same JSON lines as consoleLogger, written by pino to standard output
// without waiting for the write. console.log writes to a file or pipe synchronously, one system call a line, and
// the request log writes a line for every request, so under a burst of webhooks that write was a fixed share of
// every notification's cost. Here lines written while a write is under way go out together in the next one, in
// order. pino flushes what is still buffered synchronously when the process exits (a clean stop, process.exit, an
// uncaught error); only a SIGKILL can cut the last lines off.

const LEVELS: ReadonlySet<string> = new Set<Level>(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);

export function createStdoutLogger(): Logger {
  const out = pino(
    {
      // Every line is written: the request log's and the operational ones alike.
      level: 'trace',
      // Nothing but the line and its time: no pid or hostname.
      base: null,
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination({ dest: 1, sync: false }),
  );
  return ({ level, ...rest }) => out[typeof level === 'string' && LEVELS.has(level) ? (level as Level) : 'info'](rest);
}
