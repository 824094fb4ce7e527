// The buffer a large body is read into, handed on to the next large body once the text is decoded from it. A
// full sync reads twenty bodies of 8 MB; a new buffer for each is 8 MB more memory outside the heap that the
// collector counts toward its next full collection (every few tens of MB of it starts one) and that the
// system has to map and zero. Kept weakly, so a worker with no more pages to read does not hold 8 MB.

/** Bodies smaller than this get a buffer of their own (they are cheap, and leave the spare to the pages). */
export const SHARED_FROM_BYTES = 1 << 20;

let spare: WeakRef<ArrayBuffer> | null = null;

/** A buffer of at least `length` bytes: the spare one if it is large enough (then no longer spare), else a new
 * one of exactly `length`. Its bytes past what is read into it are left from before: read only what was read. */
export function takeBodyBuffer(length: number): ArrayBuffer {
  if (length >= SHARED_FROM_BYTES) {
    const buffer = spare?.deref();
    if (buffer !== undefined && buffer.byteLength >= length) {
      spare = null;
      return buffer;
    }
  }
  return new ArrayBuffer(length);
}

/** Hands `buffer` back once nothing reads it any longer (its text is decoded): the larger spare is kept. */
export function giveBackBodyBuffer(buffer: ArrayBuffer): void {
  if (buffer.byteLength < SHARED_FROM_BYTES) return;
  const current = spare?.deref();
  if (current === undefined || current.byteLength < buffer.byteLength) spare = new WeakRef(buffer);
}
