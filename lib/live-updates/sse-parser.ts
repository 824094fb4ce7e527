// A Server-Sent Events parser for fetch bodies. EventSource cannot send an Authorization header,
// so the feed stream is read with fetch and parsed here, following the WHATWG "event stream"
// interpretation rules (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
// lines end in CRLF, LF or CR (a CRLF may be split across chunks); comment lines start with ":";
// `data` lines join with "\n"; an event is dispatched at a blank line, and only if it had data.

export interface SseEvent {
  /** `event:` field, "message" when absent. */
  event: string;
  data: string;
  /** The last `id:` seen so far in the stream (it persists across events, as the spec says). */
  id: string | undefined;
  /** `retry:` in milliseconds, when this event carried one. */
  retry?: number;
}

export interface SseParser {
  /** Feeds one decoded text chunk; calls `onEvent` for every complete event in it. */
  push(chunk: string): void;
  /** The end of the stream: an event not yet ended by a blank line is dropped (the spec's rule). */
  end(): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let skipLeadingLf = false; // the previous chunk ended in CR: a LF at the start of this one belongs to it
  let first = true;
  let lastId: string | undefined;
  let eventType = '';
  let data: string[] = [];
  let retry: number | undefined;

  function dispatch(): void {
    if (data.length > 0) {
      onEvent({
        event: eventType || 'message',
        data: data.join('\n'),
        id: lastId,
        ...(retry !== undefined ? { retry } : {}),
      });
    }
    eventType = '';
    data = [];
    retry = undefined;
  }

  function line(text: string): void {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // comment (heartbeats)
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') {
      if (!value.includes('\0')) lastId = value;
    } else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  }

  return {
    push(chunk: string): void {
      if (first) {
        first = false;
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      }
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end(): void {
      buffer = '';
      eventType = '';
      data = [];
      retry = undefined;
    },
  };
}
