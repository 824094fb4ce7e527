/** A shortcut as the browser names it ("Alt+Shift+J"), each key drawn as a key; read out as written. */
export function ShortcutKeys({ shortcut }: { shortcut: string }) {
  const keys = shortcut.split('+').filter(Boolean);
  return (
    <span class="shortcut-keys">
      <span class="visually-hidden">{shortcut}</span>
      <span aria-hidden="true">
        {keys.map((key, i) => (
          <span key={i}>
            {i > 0 && '+'}
            <kbd>{key}</kbd>
          </span>
        ))}
      </span>
    </span>
  );
}
