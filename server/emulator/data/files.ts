// The bytes of attachments, apart from their records (data/record-types.ts `attachment`): uploaded to
// `attachment/{uuid}.file` and read back there. Kept in memory, per account, keyed by the attachment's uuid.
import type { Store } from './store';

export interface StoredFile {
  bytes: Uint8Array;
  /** The name the uploader gave (multipart), or the record's name with its file type (raw body). */
  name: string;
  contentType: string;
}

/** The largest file the emulator takes: the platform's limit is not documented (FIDELITY.md), this is a guess. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.heic': 'image/heic',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
};

/** `.jpg` for "photo.JPG", "" when the name has no extension. */
export function extensionOf(name: string): string {
  const m = /(\.[A-Za-z0-9]{1,10})$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : '';
}

/** What a file type ('.jpg', 'jpg') is served as. */
export function contentTypeOf(fileType: string): string {
  const ext = fileType.startsWith('.') ? fileType.toLowerCase() : `.${fileType.toLowerCase()}`;
  return CONTENT_TYPES[ext] ?? 'application/octet-stream';
}

export const isImageType = (fileType: string) => contentTypeOf(fileType).startsWith('image/');

/** Width and height of a PNG or JPEG, from its header; undefined for anything else (or a damaged image). */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452)
    return { width: view.getUint32(16), height: view.getUint32(20) };
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return undefined;
  // JPEG: walk the segments to the first start-of-frame marker (C0–CF, except C4, C8 and CC).
  for (let at = 2; at + 9 < bytes.length;) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + length;
  }
  return undefined;
}

/** A 1×1 grey PNG: what a seeded attachment (made with the account, never uploaded) serves as its file. */
const PLACEHOLDER_PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64'),
);

export function createFileStore() {
  const files = new Map<string, StoredFile>();
  const key = (account: string, uuid: string) => `${account}|${uuid.toLowerCase()}`;
  return {
    get: (account: string, uuid: string) => files.get(key(account, uuid)),
    has: (account: string, uuid: string) => files.has(key(account, uuid)),
    put(account: string, uuid: string, file: StoredFile): void {
      files.set(key(account, uuid), file);
    },
    placeholder: (name: string): StoredFile => ({ bytes: PLACEHOLDER_PNG, name, contentType: 'image/png' }),
  };
}

export type FileStore = ReturnType<typeof createFileStore>;

/** The files of a seeded store: its attachments were never uploaded, so each serves a placeholder image. */
export function createSeededFileStore(store: Store): FileStore {
  const files = createFileStore();
  for (const account of store.accounts) {
    const attachments = store.collection(account, 'attachment');
    for (let i = 0; i < attachments.size(); i++)
      files.put(
        account.info.uuid,
        attachments.uuidAt(i),
        files.placeholder(String(attachments.get(i).attachment_name)),
      );
  }
  return files;
}
