/** A shortcut as the browser names it ("Alt+Shift+J"), each key drawn as a key. */
export function ShortcutKeys({ shortcut }: { shortcut: string }) {
  const keys = shortcut.split('+').filter(Boolean);
  return (
    <span class="shortcut-keys" aria-label={shortcut}>
      {keys.map((key, i) => (
        <span key={i} aria-hidden="true">
          {i > 0 && '+'}
          <kbd>{key}</kbd>
        </span>
      ))}
    </span>
  );
}
