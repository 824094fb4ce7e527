// The files database: photos and files a person attached, kept on the device until the platform has them.
// A page (the side panel, the quick-note frame: both of the extension's origin) stores the file here first,
// then asks the background to queue it; the outbox sends it from here and deletes it once sent. Kept apart
// from the outbox's own database because pages write it (runtime messages cannot carry a file in Chrome) and
// because it is one for the whole browser: an entry names its file by uuid, a file names no person.
import { wrap, type DBSchema, type IDBPDatabase } from 'idb';
import { FILES_DB_NAME } from '../databases';

export interface KeptFile {
  /** The uuid the attachment will have on the platform, and its outbox entry's clientUuid. */
  uuid: string;
  blob: Blob;
  name: string;
  /** The browser's content type ("image/jpeg"); may be "" for an unknown file. */
  type: string;
  size: number;
  /** When it was kept (ms): a file no outbox entry claims is cleared after a day (`clearUnclaimed`). */
  savedAt: number;
}

interface FilesDB extends DBSchema {
  files: { key: string; value: KeptFile };
}

const VERSION = 1;

/** The files a write may hold at most: a phone's video or a scanned plan is larger than the platform is known to
 * take, and the whole of it would wait in this browser's storage. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** What the sender needs of the files database. */
export interface FileSource {
  get(uuid: string): Promise<KeptFile | undefined>;
  delete(uuid: string): Promise<void>;
}

/** Opens (and creates) the database through the given factory, as db.ts does for the outbox's own. */
export async function openFiles(factory: IDBFactory = globalThis.indexedDB): Promise<IDBPDatabase<FilesDB>> {
  const request = factory.open(FILES_DB_NAME, VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const db = wrap(request.result) as unknown as IDBPDatabase<FilesDB>;
    if (event.oldVersion < 1) db.createObjectStore('files', { keyPath: 'uuid' });
  });
  const db = (await wrap(request)) as unknown as IDBPDatabase<FilesDB>;
  // Another context upgrading the schema (a newer extension version) must not wait on us forever.
  db.addEventListener('versionchange', () => db.close());
  return db;
}

export function createFileStore(factory?: IDBFactory) {
  let opened: Promise<IDBPDatabase<FilesDB>> | undefined;
  const db = () => {
    opened ??= openFiles(factory);
    opened.catch(() => (opened = undefined));
    return opened;
  };
  return {
    /** Keeps a file before anything is sent; answers its uuid. */
    async keep(file: Omit<KeptFile, 'savedAt'>, now = Date.now()): Promise<string> {
      if (file.size > MAX_FILE_BYTES) throw new RangeError(`${file.name} is larger than 25 MB`);
      await (await db()).put('files', { ...file, savedAt: now });
      return file.uuid;
    },
    get: async (uuid: string) => (await db()).get('files', uuid),
    async delete(uuid: string): Promise<void> {
      await (await db()).delete('files', uuid);
    },
    /** Deletes files no write claims (a page kept one, and the person closed it before it was queued). */
    async clearUnclaimed(claimed: ReadonlySet<string>, olderThan: number): Promise<number> {
      const d = await db();
      let cleared = 0;
      for (const key of await d.getAllKeys('files')) {
        const file = await d.get('files', key);
        if (file && !claimed.has(key) && file.savedAt < olderThan) {
          await d.delete('files', key);
          cleared++;
        }
      }
      return cleared;
    },
    async close(): Promise<void> {
      const current = opened;
      opened = undefined;
      if (current) (await current).close();
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
