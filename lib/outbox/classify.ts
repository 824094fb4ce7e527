// Sorts a failed send into "try again later by itself" and "only the person can fix this", and puts
// the latter into words with what to do. Errors are recognised by `name` (lib/api/errors.ts), so
// this works on errors that crossed a message boundary too.
import { isApiError, isDailyRateLimit } from '../api/errors';
import { KINDS } from './kinds';
import { TextNotSentError } from './send-text';
import { CompletedByOtherError } from './send-visits';
import type { OutboxError, OutboxFailureCode, OutboxKind } from './types';

export type Classified = { transient: true; error: OutboxError } | { transient: false; error: OutboxError };

const WHAT = (kind: OutboxKind) => KINDS[kind].what;
const KEEP = (kind: OutboxKind) => KINDS[kind].keep;

export function classifyFailure(error: unknown, kind: OutboxKind, at: number): Classified {
  const detail = describe(error);
  const permanent = (code: OutboxFailureCode, message: string, action: string): Classified => ({
    transient: false,
    error: { code, message, action, detail, at },
  });
  const transient = (message: string): Classified => ({
    transient: true,
    error: { code: 'transient', message, action: 'Nothing: Fieldside keeps trying by itself.', detail, at },
  });
  const text = error instanceof Error || isApiError(error) ? String((error as { message: unknown }).message) : '';
  if (error instanceof TextNotSentError) return permanent(error.code, error.message, error.action);
  if (error instanceof CompletedByOtherError) return permanent(error.code, error.message, error.action);

  if (isApiError(error, 'MissingScopeError')) {
    if (/not allocated|not assigned/i.test(text)) {
      return permanent(
        'not-assigned',
        `This job is not assigned to you any more, so the platform refused your ${WHAT(kind)}.`,
        `${KEEP(kind)}; ask the office to assign the job to you and retry, or discard it.`,
      );
    }
    const scope = /Missing OAuth scope (\w+)/.exec(text)?.[1] ?? KINDS[kind].scope;
    return permanent(
      'missing-scope',
      `Fieldside is not allowed to send this ${WHAT(kind)}: the connection lacks the "${scope}" permission.`,
      `Sign in again to grant "${scope}" (or ask your administrator to allow it), then retry. Your ${WHAT(kind)} is kept here until then.`,
    );
  }
  if (isApiError(error, 'NotFoundError') || (isApiError(error, 'ValidationError') && /No job /.test(text))) {
    return permanent(
      'job-gone',
      `The job was deleted (or is no longer visible to you), so your ${WHAT(kind)} cannot be added to it.`,
      `${KEEP(kind)}, then discard it here.`,
    );
  }
  if (isApiError(error, 'SignedOutError') || isApiError(error, 'AuthenticationError')) {
    return permanent(
      'signed-out',
      'The platform no longer accepts this connection (signed out, or the add-on was disabled).',
      `Sign in again, then retry. Your ${WHAT(kind)} is kept here until then.`,
    );
  }
  if (isApiError(error, 'ValidationError')) {
    return permanent(
      'rejected',
      `The platform refused this ${WHAT(kind)}: ${text}`,
      `${KEEP(kind)}; discard it, or retry after correcting the cause. Tell support if it keeps happening.`,
    );
  }
  if (isApiError(error, 'AccountOnHoldError')) {
    return transient(
      "The platform has put the account on hold (its billing needs attention); Fieldside keeps this and sends it once the account is back. Ask the account's administrator.",
    );
  }
  if (isDailyRateLimit(error)) {
    return transient(
      "The account has used up the platform's requests for today; Fieldside keeps this and sends it once the platform takes requests again.",
    );
  }
  if (isApiError(error, 'RateLimitedError'))
    return transient('The platform asked Fieldside to slow down; it will send this shortly.');
  if (isApiError(error, 'ServerError'))
    return transient('The platform had a temporary problem; it will send this shortly.');
  if (isApiError(error, 'NetworkError'))
    return transient('No connection to the platform; it will send this once back online.');
  // Anything else is unexpected (a bug, storage trouble): retrying is harmless, since every write is
  // idempotent, and dropping the write would lose the person's work.
  return transient('Sending failed unexpectedly; Fieldside will try again.');
}

/** After the daily limit, the outbox tries again this often (its own backoff would start at seconds):
 * the platform does not say when its day turns, so a try now and then finds out. */
export const DAILY_LIMIT_RETRY_MS = 30 * 60_000;

/** The wait a RateLimitedError asked for, if any. */
export function retryAfterMs(error: unknown): number | undefined {
  // Neither clears in minutes: a try now and then finds out, without spending requests.
  if (isDailyRateLimit(error) || isApiError(error, 'AccountOnHoldError')) return DAILY_LIMIT_RETRY_MS;
  if (!isApiError(error, 'RateLimitedError')) return undefined;
  const after = (error as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof after === 'number' && after > 0 ? after : undefined;
}

function describe(error: unknown): string {
  if (isApiError(error)) {
    const e = error as { name: string; message: string; status?: number | null };
    return `${e.name}${e.status ? ` ${e.status}` : ''}: ${e.message}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
