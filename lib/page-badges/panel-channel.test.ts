import { describe, expect, it } from 'vitest';
import { isFrameMessage, isPanelHello, isReadAgain, PANEL_HELLO } from './panel-channel';

// The quick-note channel's light checks: what each side takes from the other, and nothing else.

describe('panel channel', () => {
  it('takes a hello only with its type and a ticket', () => {
    expect(isPanelHello({ type: PANEL_HELLO, ticket: 'abc' })).toBe(true);
    for (const other of [null, 'hello', { type: PANEL_HELLO }, { type: 'other', ticket: 'abc' }, { ticket: 1 }])
      expect(isPanelHello(other)).toBe(false);
  });

  it("takes the frame's four messages, each with what it needs", () => {
    for (const message of [
      { type: 'ready', height: 300 },
      { type: 'height', height: 412.5 },
      { type: 'close' },
      { type: 'problem', message: 'This notes panel has closed.' },
    ])
      expect(isFrameMessage(message)).toBe(true);
    for (const other of [
      null,
      { type: 'ready' },
      { type: 'height', height: '300' },
      { type: 'problem' },
      { type: 'x' },
    ])
      expect(isFrameMessage(other)).toBe(false);
    expect(isReadAgain({ type: 'read' })).toBe(true);
    expect(isReadAgain({ type: 'close' })).toBe(false);
    expect(isReadAgain(null)).toBe(false);
  });
});
