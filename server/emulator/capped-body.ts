// Reading an answer the emulator asked for (a webhook receiver's, an add-on's) without taking more than it is
// willing to hold: reading stops, and the rest is cancelled, at the first chunk that goes past `maxBytes`.

export async function readCappedBody(res: Response, maxBytes: number): Promise<{ text: string; overflowed: boolean }> {
  if (!res.body) return { text: '', overflowed: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let overflowed = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) {
      overflowed = true;
      await reader.cancel();
      break;
    }
  }
  return { text: Buffer.concat(chunks).toString('utf8'), overflowed };
}
