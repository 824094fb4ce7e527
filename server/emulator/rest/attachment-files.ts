import type { Context } from 'hono';
import type { EmulatorEnv, Switches } from '../contracts';
import { contentTypeOf, extensionOf, imageSize, isImageType, MAX_FILE_BYTES, type FileStore } from '../data/files';
import type { Rec } from '../data/field-kinds';
import { RECORD_TYPES } from '../data/record-types';
import type { Account, Store } from '../data/store';
import { isUuid, validateWrite } from '../data/validate';
import { apiError, apiOk } from './errors';
import { checkJobAllocation, writer } from './writer';
import { missingScope } from './scopes';

// An attachment's file, as the platform's developer documentation describes it: create the record at
// `attachment.json` (related_object, related_object_uuid, file_type such as ".jpg"), then POST the bytes to
// `attachment/{uuid}.file`, raw (application/octet-stream: the record supplies the extension) or as one file in
// multipart/form-data (its name's extension must match the record's file type); or, "for new integrations", one
// multipart POST to `attachment.json` with the fields and the file together. `GET attachment/{uuid}.file` downloads
// it. The official SDK describes none of the file routes (FIDELITY.md).

type C = Context<EmulatorEnv>;
const def = RECORD_TYPES.attachment!;

export interface FileRouteDeps {
  store: Store;
  files: FileStore;
  switches: { get(): Switches };
}

/** The attachment uuid of `/api_1.0/attachment/<uuid>.file` (any case of "attachment", as clients write it). */
export function parseFilePath(path: string): string | undefined {
  const m = /\/api_1\.0\/(?:dbo)?attachment\/([^/]+)\.file$/i.exec(path);
  return m ? m[1] : undefined;
}

/** One file from a multipart body: the only File part, whatever its field's name. */
async function multipartFile(c: C): Promise<{ file?: File; fields: Record<string, string>; files: number }> {
  const form = await c.req.parseBody({ all: true });
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of Object.entries(form)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'string') fields[name] = v;
      else files.push(v as File);
    }
  }
  delete fields.access_token;
  return { ...(files[0] ? { file: files[0] } : {}), fields, files: files.length };
}

const tooLarge = (size: number) => size > MAX_FILE_BYTES;

/** Stores the bytes and sets what the platform derives from an image (its size, read-only in the API). */
function keepFile(store: Store, files: FileStore, account: Account, i: number, bytes: Uint8Array, name: string) {
  const record = store.collection(account, 'attachment').get(i);
  const fileType = String(record.file_type || extensionOf(name));
  files.put(account.info.uuid, String(record.uuid), { bytes, name, contentType: contentTypeOf(fileType) });
  const size = isImageType(fileType) ? imageSize(bytes) : undefined;
  if (size)
    store.update(account, def, i, { photo_width: String(size.width), photo_height: String(size.height) }, undefined);
}

/** `POST|GET /api_1.0/attachment/{uuid}.file`. */
export async function attachmentFile(c: C, deps: FileRouteDeps, account: Account, rawUuid: string): Promise<Response> {
  const { store, files } = deps;
  if (!isUuid(rawUuid)) return apiError(c, 400, `Malformed attachment uuid '${rawUuid.slice(0, 60)}'`);
  const uuid = rawUuid.toLowerCase();
  const principal = c.get('principal');
  const method = c.req.method;
  if (method !== 'GET' && method !== 'POST')
    return apiError(c, 405, `${method} is not supported on an attachment's file: GET to download, POST to upload`);
  const denied = missingScope(principal, 'attachment', method === 'GET' ? 'read' : 'update');
  if (denied) return apiError(c, 403, denied);
  const i = store.find(account, 'attachment', uuid, c.get('viewers'));
  if (i === undefined)
    return apiError(c, 404, `No attachment record with uuid ${uuid}: create its metadata before uploading file data`);
  const record = store.collection(account, 'attachment').get(i);

  if (method === 'GET') {
    const file = files.get(account.info.uuid, uuid);
    if (!file) return apiError(c, 404, `Attachment ${uuid} has no file yet`);
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        'content-type': file.contentType,
        'content-length': String(file.bytes.byteLength),
        'content-disposition': `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`,
      },
    });
  }

  const notAllocated = checkJobAllocation(c, store, account, def, record);
  if (notAllocated) return apiError(c, 403, notAllocated);
  if (files.has(account.info.uuid, uuid) && deps.switches.get().attachmentReupload === 'refuse')
    return apiError(c, 400, `Attachment ${uuid} already has a file`);
  const declared = Number(c.req.header('content-length') ?? '0');
  if (tooLarge(declared)) return apiError(c, 413, `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  let bytes: Uint8Array;
  let name: string;
  if (type.includes('multipart/form-data')) {
    const { file, files: count } = await multipartFile(c);
    if (!file || count !== 1) return apiError(c, 400, 'Send exactly one file in the multipart body');
    const ext = extensionOf(file.name);
    if (record.file_type && ext !== String(record.file_type).toLowerCase())
      return apiError(
        c,
        400,
        `The file's extension ${ext || '(none)'} does not match the record's file_type ${record.file_type}`,
      );
    bytes = new Uint8Array(await file.arrayBuffer());
    name = file.name;
  } else {
    if (!record.file_type)
      return apiError(
        c,
        400,
        "The attachment record has no file_type (such as '.jpg'): set it, or upload as multipart",
      );
    bytes = new Uint8Array(await c.req.arrayBuffer());
    name = `${String(record.attachment_name || uuid).replace(/\.[A-Za-z0-9]{1,10}$/, '')}${String(record.file_type)}`;
  }
  if (bytes.byteLength === 0) return apiError(c, 400, 'The file is missing or empty');
  if (tooLarge(bytes.byteLength)) return apiError(c, 413, `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  keepFile(store, files, account, i, bytes, name);
  return apiOk(c);
}

/** The single request: `POST attachment.json` as multipart, the record's fields and one file together. */
export async function createAttachmentWithFile(c: C, deps: FileRouteDeps, account: Account): Promise<Response> {
  const { store, files } = deps;
  const denied = missingScope(c.get('principal'), 'attachment', 'create');
  if (denied) return apiError(c, 403, denied);
  if (tooLarge(Number(c.req.header('content-length') ?? '0')))
    return apiError(c, 413, `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  const { file, fields, files: count } = await multipartFile(c);
  if (!file || count !== 1) return apiError(c, 400, 'Send exactly one file with the attachment record');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0) return apiError(c, 400, 'The file is missing or empty');
  if (tooLarge(bytes.byteLength)) return apiError(c, 413, `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  const body: Record<string, unknown> = { ...fields };
  body.file_type ??= extensionOf(file.name);
  body.attachment_name ??= file.name;
  const valid = validateWrite(def, body, true);
  if (!valid.ok) return apiError(c, 400, valid.message);
  const notAllocated = checkJobAllocation(c, store, account, def, valid.fields as Rec);
  if (notAllocated) return apiError(c, 403, notAllocated);
  const result = store.create(account, def, valid.fields, writer(c, account), deps.switches.get().uuidReuse);
  if (!result.ok) return apiError(c, result.status, result.message);
  const i = store.find(account, 'attachment', result.uuid, [])!;
  keepFile(store, files, account, i, bytes, file.name);
  c.header('x-record-uuid', result.uuid);
  return apiOk(c);
}
