import type { LogLine } from './request-log';

// One line of the companion process's log (stdout-log.ts), in the format pino writes with its options there (`base:
// null`, the level as its label, an ISO time): `{"level":"info","time":"…",<the fields in their order>}` and a
// newline. Built here rather than by pino's serializer, which also looks for request and response objects, message
// arguments, serializers and hooks that these lines never have: 0.4-0.5 µs of a request line's 1.0-1.5 against about
// 0.1 built here, standalone, and the request log writes one for every webhook notification. log-line.test.ts holds
// this to pino's own output, line for line.

export const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type Level = (typeof LEVELS)[number];

/** A field's value as pino writes it: a string quoted as JSON, a number that is not finite as `null`. */
function valueText(value: string | number | boolean): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
  return String(value);
}

/** `line` as its log line at `level`, the `level` field itself left out (it is the line's level). `timeField` is
 * `,"time":"<ISO time>"`. A field whose value is undefined is left out, as pino leaves it out. */
export function logLineText(level: Level, timeField: string, line: LogLine): string {
  let text = `{"level":"${level}"${timeField}`;
  for (const key in line) {
    const value = line[key];
    if (key === 'level' || value === undefined || !Object.hasOwn(line, key)) continue;
    text += `,${JSON.stringify(key)}:${valueText(value)}`;
  }
  return `${text}}\n`;
}
