import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const c of chunks) parser.push(c);
  parser.end();
  return events;
}

describe('createSseParser', () => {
  it('parses events with id, event and data, ignoring comments (heartbeats)', () => {
    const events = parse([': connected\n\nevent: change\nid: 1-1\ndata: {"a":1}\n\n: heartbeat\n\n']);
    expect(events).toEqual([{ event: 'change', id: '1-1', data: '{"a":1}' }]);
  });

  it.each([
    ['LF', '\n'],
    ['CRLF', '\r\n'],
    ['CR', '\r'],
  ])('accepts %s line endings', (_name, eol) => {
    const text = `event: change${eol}id: 7${eol}data: x${eol}${eol}data: y${eol}${eol}`;
    expect(parse([text]).map((e) => [e.event, e.id, e.data])).toEqual([
      ['change', '7', 'x'],
      ['message', '7', 'y'], // the last id persists; the event type does not
    ]);
  });

  it('reassembles events split at every possible point, including inside a CRLF', () => {
    const text = 'event: change\r\nid: 12\r\ndata: {"uuid":"é"}\r\n\r\nevent: change\r\nid: 13\r\ndata: two\r\n\r\n';
    const whole = parse([text]);
    expect(whole).toHaveLength(2);
    for (let i = 1; i < text.length; i++) {
      expect(parse([text.slice(0, i), text.slice(i)])).toEqual(whole);
    }
    expect(parse([...text])).toEqual(whole); // one character at a time
  });

  it('joins multi-line data with newlines and strips one leading space only', () => {
    expect(parse(['data:  a\ndata:b\ndata\n\n'])).toEqual([{ event: 'message', id: undefined, data: ' a\nb\n' }]);
  });

  it('does not dispatch an event without data, nor an unterminated one at the end', () => {
    expect(parse(['event: change\nid: 3\n\n', 'data: cut off'])).toEqual([]);
  });

  it('reads retry, ignores unknown fields, an id with NUL, and a leading BOM', () => {
    const events = parse(['\uFEFFretry: 1500\nfoo: bar\nid: a\0b\ndata: z\n\n']);
    expect(events).toEqual([{ event: 'message', id: undefined, data: 'z', retry: 1500 }]);
  });
});
