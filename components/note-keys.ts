// The key that sends a note from any note box: Ctrl+Enter, or Cmd+Enter on a Mac (Enter alone is a
// new line: notes are often several). Pure: the platform is read from the navigator given.

/** Whether a key press in a note box sends the note. */
export function isSendKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'isComposing'>): boolean {
  return event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.isComposing;
}

/** The keys as the person's keyboard names them: "⌘ Enter" on a Mac, else "Ctrl+Enter". */
export function sendKeyWords(
  nav: { platform?: string; userAgent?: string } | undefined = globalThis.navigator,
): string {
  const mac = /Mac|iPhone|iPad/.test(nav?.platform || nav?.userAgent || '');
  return mac ? '⌘+Enter' : 'Ctrl+Enter';
}
