// One record made exactly once by a create that carries its client-chosen uuid, whatever the platform does with a
// create repeating a uuid (nobody knows: it may update the record, refuse, or make a second one) and although the
// POST may reach it twice: Chromium itself resends a POST whose reused keep-alive connection closed before any
// answer, before Fieldside hears of either. So a create is never sent again while the platform is seen to hold
// its uuid, "already exists" is taken as the platform's word that it does, and a second record the platform made
// of our create (it answers another uuid) is deleted at once.
import { isApiError } from '../api/errors';
import { platformHasRecord } from './apply';
import type { Uuid } from '../../contracts/uuid';

/** One record type as one view of the platform shows it. */
export interface RecordsView {
  get(uuid: string): Promise<unknown>;
  remove(uuid: string): Promise<void>;
}

export interface CreateOnce {
  /** The client-chosen uuid the create carries. */
  uuid: Uuid;
  /** Sends the create; the uuid the platform answered. */
  create(): Promise<{ uuid: string }>;
  /** Where to look for the record, the client's own view first: a technician may not see a job they made, so
   * the token's own view (without impersonation) is asked next. */
  views: readonly RecordsView[];
  /** A create sent before (its answer may have been lost): read back before it is sent again. */
  retried: boolean;
}

/** Whether any view shows the record. "Not found" in a later view, or no permission to read there, is a no;
 * the first view's other failures are the caller's (a transient one retries the whole entry later). */
async function platformHolds(views: readonly RecordsView[], uuid: string): Promise<boolean> {
  for (const [i, view] of views.entries()) {
    try {
      if (await platformHasRecord(() => view.get(uuid))) return true;
    } catch (error) {
      if (i === 0 || !isApiError(error, 'MissingScopeError')) throw error;
    }
  }
  return false;
}

/** The platform's refusal of a create because it holds the uuid already: under the "refuse" reading, the
 * answer to a resent POST, or to our own retry when no view of ours could see the record. */
function refusedAsExisting(error: unknown, uuid: Uuid): boolean {
  if (!isApiError(error, 'ValidationError')) return false;
  const text = String((error as { message: unknown }).message);
  return /already exists/i.test(text) && text.toLowerCase().includes(uuid);
}

/** Deletes the second record a repeated create made, once the platform is seen to hold ours (were ours not
 * there, the answered one would be the only record). Left alone when no view may delete it. */
async function removeSecond(views: readonly RecordsView[], ours: string, second: string): Promise<void> {
  if (!(await platformHolds(views, ours).catch(() => false))) return;
  for (const view of [...views].reverse()) {
    try {
      await view.remove(second);
      return;
    } catch (error) {
      console.warn(
        `Fieldside: the platform made a second record ${second} of ${ours}, and it could not be deleted`,
        error,
      );
    }
  }
}

export async function createOnce({ uuid, create, views, retried }: CreateOnce): Promise<void> {
  if (retried && (await platformHolds(views, uuid))) return;
  let answered: string;
  try {
    answered = (await create()).uuid;
  } catch (error) {
    if (refusedAsExisting(error, uuid)) return;
    if (await platformHolds(views, uuid).catch(() => false)) return;
    throw error;
  }
  if (answered !== uuid) await removeSecond(views, uuid, answered);
}
