// What a page does with files the person chose, pasted or dropped: keeps each in the files database (files.ts)
// under a new uuid, before anything is sent, and answers which were kept and which were refused (too large).
// Pages load this when a file is first added, so it costs their first screen nothing.
import { createFileStore, MAX_FILE_BYTES } from './files';

/** A pasted image is often called "image.png" whatever it shows: named by when it was taken instead. */
function nameOf(file: File, now: number): string {
  if (file.name && file.name !== 'image.png') return file.name;
  const ext = file.type === 'image/jpeg' ? '.jpg' : file.type === 'image/png' ? '.png' : '';
  const stamp = new Date(now).toISOString().slice(0, 16).replace('T', ' ').replace(':', '.');
  return `Photo ${stamp}${ext}`;
}

export async function keepFiles(
  files: readonly File[],
  now = Date.now(),
): Promise<{ kept: string[]; refused: string[] }> {
  const store = createFileStore();
  const kept: string[] = [];
  const refused: string[] = [];
  try {
    for (const file of files) {
      if (file.size > MAX_FILE_BYTES || file.size === 0) {
        refused.push(file.name || 'a pasted file');
        continue;
      }
      const uuid = crypto.randomUUID();
      await store.keep({ uuid, blob: file, name: nameOf(file, now), type: file.type, size: file.size }, now);
      kept.push(uuid);
    }
  } finally {
    await store.close();
  }
  return { kept, refused };
}
