import { protocol } from '../../lib/messaging/protocol';

// What tests/unit/e2e-conventions.test.ts looks for: an e2e test (or its support, or the pictures
// taken with it) sending Fieldside's background a message instead of acting through the UI. A test
// of the messaging protocol itself (the background refusing a page or a content script) says so on
// its first line, with its reason, and is let through.

export const PROTOCOL_TEST_MARK = 'e2e-messaging-protocol-test';

/** The header a protocol test carries on its first line: the mark, a colon, and why. */
const MARK_LINE = new RegExp(`^// ${PROTOCOL_TEST_MARK}: (.+)$`);

/** The reason a file gives for sending messages, or null when it carries no mark. */
export function protocolTestReason(source: string): string | null {
  return MARK_LINE.exec(source.split('\n', 1)[0] ?? '')?.[1]?.trim() ?? null;
}

const MESSAGE_TYPES = new Set(Object.keys(protocol));

/** Each way of reaching the background past the UI, with the words a failure shows. */
const WAYS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'sendMessage (runtime, tabs or Fieldside’s own)', pattern: /\bsendMessage\b/ },
  { what: 'a protocol-message helper (sendFromPage, sendExpression)', pattern: /\bsend(FromPage|Expression)\b/ },
  {
    what: 'a port to the background (runtime.connect, connectLive)',
    pattern: /\bruntime\s*\.\s*connect(Native)?\b|\bconnectLive\b/,
  },
  {
    what: 'a message event dispatched into the extension',
    pattern: /\bon(Message|MessageExternal|Connect|ConnectExternal)\s*\.\s*dispatch\b/,
  },
  { what: 'a protocol envelope ({ fieldside: 1, … })', pattern: /["'`]?\bfieldside\b\\?["'`]?\s*:\s*1\b/ },
  {
    what: 'Fieldside’s own messaging modules',
    pattern: /from\s+["'][^"']*lib\/messaging\/(send|live|live-port|listen)["']/,
  },
];

/** Source without its comments (strings and template literals kept, `${…}` inside them followed). */
export function withoutComments(source: string): string {
  let out = '';
  // The innermost open construct: code (with its brace depth, when inside a template's `${…}`),
  // a quoted string, or a template literal.
  const stack: Array<{ kind: 'code'; depth: number } | { kind: 'quote'; q: string } | { kind: 'template' }> = [
    { kind: 'code', depth: 0 },
  ];
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    const next = source[i + 1];
    const top = stack[stack.length - 1]!;
    if (top.kind === 'code') {
      if (c === '/' && next === '/') {
        while (i < source.length && source[i] !== '\n') i++;
        out += '\n';
        continue;
      }
      if (c === '/' && next === '*') {
        const end = source.indexOf('*/', i + 2);
        i = end < 0 ? source.length : end + 1;
        out += ' ';
        continue;
      }
      if (c === '"' || c === "'") stack.push({ kind: 'quote', q: c });
      else if (c === '`') stack.push({ kind: 'template' });
      else if (c === '{') top.depth++;
      else if (c === '}' && stack.length > 1 && top.depth-- === 0) stack.pop();
    } else if (top.kind === 'quote') {
      if (c === '\\') {
        out += c + (next ?? '');
        i++;
        continue;
      }
      // A quote ends at its mate, or (an unterminated one, or a regex literal read as a quote) at the line's end.
      if (c === top.q || c === '\n') stack.pop();
    } else {
      if (c === '\\') {
        out += c + (next ?? '');
        i++;
        continue;
      }
      if (c === '`') stack.pop();
      else if (c === '$' && next === '{') {
        out += '${';
        i++;
        stack.push({ kind: 'code', depth: 0 });
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** Every way `source` reaches the background past the UI, as `line N: what` (empty: none). */
export function messagingViolations(source: string): string[] {
  const lines = withoutComments(source).split('\n');
  const found: string[] = [];
  lines.forEach((line, i) => {
    for (const { what, pattern } of WAYS) if (pattern.test(line)) found.push(`line ${i + 1}: ${what}`);
    for (const [, type] of line.matchAll(/["'`]([a-z]+\.[A-Za-z]+)["'`]/g)) {
      if (MESSAGE_TYPES.has(type!)) found.push(`line ${i + 1}: the protocol message "${type}"`);
    }
  });
  return found;
}
