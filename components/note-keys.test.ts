import { describe, expect, it } from 'vitest';
import { isSendKey, sendKeyWords } from './note-keys';

const key = (over: Partial<KeyboardEvent>) => ({
  key: 'Enter',
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  ...over,
});

describe('the key that sends a note', () => {
  it('is Ctrl+Enter or Cmd+Enter; Enter alone is a new line, and typing in an input method is not sending', () => {
    expect(isSendKey(key({ ctrlKey: true }))).toBe(true);
    expect(isSendKey(key({ metaKey: true }))).toBe(true);
    expect(isSendKey(key({}))).toBe(false);
    expect(isSendKey(key({ ctrlKey: true, isComposing: true }))).toBe(false);
    expect(isSendKey(key({ key: 's', ctrlKey: true }))).toBe(false);
  });
  it('is named as the keyboard names it', () => {
    expect(sendKeyWords({ platform: 'MacIntel' })).toBe('⌘+Enter');
    expect(sendKeyWords({ platform: 'Linux x86_64' })).toBe('Ctrl+Enter');
    expect(sendKeyWords({ platform: 'Win32' })).toBe('Ctrl+Enter');
  });
});
