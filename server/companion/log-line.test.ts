import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { LEVELS, logLineText, type Level } from './log-line';
import type { LogLine } from './request-log';

// The companion process's lines are built by log-line.ts in the format pino writes with stdout-log.ts's options:
// each is compared here with the line pino itself writes for the same level, time and fields.

const TIME = ',"time":"2026-11-29T22:15:00.123Z"';

/** The line pino writes for `fields` at `level`, with the options stdout-log.ts used to give it. */
function pinoLine(level: Level, fields: Omit<LogLine, 'level'>): string {
  let written = '';
  const out = pino(
    {
      level: 'trace',
      base: null,
      timestamp: () => TIME,
      formatters: { level: (label) => ({ level: label }) },
    },
    { write: (line: string) => void (written += line) },
  );
  out[level](fields);
  return written;
}

const LINES: LogLine[] = [
  { level: 'info', method: 'POST', path: '/webhooks/:token', status: 200, ms: 0 },
  { level: 'error', method: 'GET', path: '/feed/stream', status: 503, ms: 1234 },
  { level: 'warn', webhook: 'ignored', kind: 'unexpected-event', event: 'job.note_added', count: 3 },
  { level: 'info', event: 'listening', url: 'http://127.0.0.1:8787' },
  { level: 'info', event: 'stopping', signal: 'SIGTERM' },
  { level: 'error', path: '/oauth/token', error: 'TypeError' },
  { level: 'debug', quoted: 'a "quoted" \\ back\\slash', tab: 'a\tb\nc\u0001', unicode: 'é ü 日本 😀 \u2028' },
  { level: 'trace', long: 'x'.repeat(150), longQuoted: `"${'y'.repeat(120)}"`, empty: '' },
  { level: 'fatal', ok: true, no: false, zero: 0, negative: -0, fraction: 0.25, big: 1e21, small: 5e-7 },
  { level: 'info', nan: NaN, inf: Infinity, minusInf: -Infinity },
  { level: 'info', 'odd "key"': 1, 'key\twith\ttabs': 'v', time: 'a field named time' },
];

describe('a companion log line', () => {
  it.each(LINES.map((line) => [JSON.stringify(line), line] as const))('%s is the line pino writes', (_, line) => {
    const { level, ...fields } = line;
    expect(logLineText(level as Level, TIME, line)).toBe(pinoLine(level as Level, fields));
  });

  it('is the line pino writes at every level', () => {
    for (const level of LEVELS) {
      const line = { level, method: 'POST', path: '/webhooks/:token', status: 200, ms: 2 };
      const { level: _, ...fields } = line;
      expect(logLineText(level, TIME, line)).toBe(pinoLine(level, fields));
    }
  });

  it('leaves out a field whose value is undefined, as pino does', () => {
    const line = { level: 'info', event: 'x', gone: undefined } as unknown as LogLine;
    expect(logLineText('info', TIME, line)).toBe(
      pinoLine('info', { event: 'x', gone: undefined } as unknown as LogLine),
    );
    expect(logLineText('info', TIME, line)).not.toContain('gone');
  });
});
