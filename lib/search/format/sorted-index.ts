/** Where `value` is in the ascending `keys` (the few documents or pieces listed apart: odd uuids and numbers,
 * offset maps, UTF-8 display text), or -1. */
export function sortedIndexOf(keys: Uint32Array, value: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < keys.length && keys[lo] === value ? lo : -1;
}
