// A hint's text cut into plain words and key names (drawn as keys): Keys.tsx renders them, and so does the popup's
// early first screen (components/search/early-screen.ts), which loads no Preact.

/** Alternating plain text and key names: every odd item is a key ("Enter", "Shift+Enter", "Esc", "↑"). */
export function keyParts(text: string): string[] {
  return text.split(/(Shift\+Enter|Enter|Esc(?:ape)?|↑|↓)/);
}
