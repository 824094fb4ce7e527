import { keyParts } from './key-parts';

/** A hint with its key names drawn as keys ("Enter opens…"); its text stays the same for screen
 * readers and for the input it describes. */
export function Keys({ text }: { text: string }) {
  return <>{keyParts(text).map((part, i) => (i % 2 === 1 ? <kbd key={i}>{part}</kbd> : part))}</>;
}
