import { Hono, type Context } from 'hono';
import { UuidSchema } from '../../../contracts/uuid';
import { bodyLimit } from 'hono/body-limit';
import { COMPANION_PATHS } from '../../../contracts/companion-paths';
import type { Logger } from '../request-log';
import type { AccountTokenKeeper } from './account-tokens';
import type { PhotoAnswer, PhotoSender } from './photo-upload';
import { openUploadTicket } from './upload-ticket';

// POST /addon/photo: a photo from the job card's panel. `invoke` carries a few kilobytes of arguments, a phone's
// photo is megabytes, so the panel sends it here itself, as multipart form data: the upload ticket its HTML carries
// (upload-ticket.ts: the account, person and job of the platform's signed event), the uuid it chose for the photo,
// and the file. Nothing the request says names a person: only the ticket does. The panel's frame is an opaque
// origin ("null"), and the request carries no cookie or credential but the ticket, so any origin may send it
// (`*`); the answer is JSON with a message in words.

/** The platform's largest file is not documented; the emulator plays 25 MB (FIDELITY.md). */
export const PHOTO_MAX_BYTES = 25 * 1024 * 1024;
const TYPES: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/heic': '.heic',
  'image/heif': '.heif',
  'image/gif': '.gif',
  'application/pdf': '.pdf',
};
const ALLOWED = new Set([...Object.values(TYPES), '.jpeg']);

const OPEN_AGAIN = 'close this window and open Fieldside from the job card again';

export interface PhotoRouteDeps {
  secret: string;
  tokens: AccountTokenKeeper;
  photos: PhotoSender;
  now: () => number;
  log?: Logger;
}

/** ".jpg" from the file's name, else from its type; undefined for what is neither a photo nor a PDF. */
export function fileTypeOf(file: File): string | undefined {
  const ext = /\.([a-z0-9]{1,10})$/i.exec(file.name)?.[1]?.toLowerCase();
  const type = ext && ALLOWED.has(`.${ext}`) ? `.${ext}` : TYPES[file.type.toLowerCase()];
  return type;
}

export function createPhotoRoute(deps: PhotoRouteDeps): Hono {
  const routes = new Hono();
  const answer = (c: Context, status: 200 | 400 | 401 | 413, body: PhotoAnswer) => {
    c.header('access-control-allow-origin', '*');
    c.header('cache-control', 'no-store');
    return c.json(body, status);
  };
  const refuse = (c: Context, status: 400 | 401 | 413, reason: string, message: string) => {
    deps.log?.({ level: 'warn', addon: 'photo_refused', reason });
    return answer(c, status, { ok: false, message });
  };

  routes.options(COMPANION_PATHS.addonPhoto, (c) => {
    c.header('access-control-allow-origin', '*');
    c.header('access-control-allow-methods', 'POST');
    c.header('access-control-allow-headers', 'content-type');
    c.header('access-control-max-age', '600');
    return c.body(null, 204);
  });
  routes.use(
    COMPANION_PATHS.addonPhoto,
    bodyLimit({
      maxSize: PHOTO_MAX_BYTES + 64 * 1024,
      onError: (c) =>
        refuse(
          c,
          413,
          'too_large',
          `This file is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB: send a smaller photo.`,
        ),
    }),
  );
  routes.post(COMPANION_PATHS.addonPhoto, async (c) => {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      return refuse(c, 400, 'not_form', `Fieldside could not read this photo: ${OPEN_AGAIN}.`);
    }
    const ticket = form.get('ticket');
    const uuid = UuidSchema.safeParse(form.get('uuid'));
    const file = form.get('file');
    const grant = typeof ticket === 'string' ? await openUploadTicket(deps.secret, ticket, deps.now()) : undefined;
    if (!grant) return refuse(c, 401, 'ticket', `This window can no longer send photos: ${OPEN_AGAIN}.`);
    if (!uuid.success || !(file instanceof File))
      return refuse(c, 400, 'fields', `Fieldside could not read this photo: ${OPEN_AGAIN}.`);
    if (file.size === 0) return refuse(c, 400, 'empty', 'This file is empty: choose the photo again.');
    if (file.size > PHOTO_MAX_BYTES)
      return refuse(
        c,
        413,
        'too_large',
        `This file is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB: send a smaller photo.`,
      );
    const fileType = fileTypeOf(file);
    if (!fileType) return refuse(c, 400, 'file_type', 'Only photos and PDF files can be added here.');
    if (!(await deps.tokens.has(grant.account)))
      return answer(c, 200, {
        ok: false,
        message:
          "Fieldside is not turned on for this account. An administrator turns it on in the platform's add-on store.",
      });
    const name = (file.name.trim() || `Photo${fileType}`).slice(0, 127);
    const sent = await deps.photos.send(grant, { uuid: uuid.data, name, fileType, bytes: file });
    // The request was good whatever the platform said: the words say what happened.
    return answer(c, 200, sent);
  });
  return routes;
}
