import type { LiveEvent } from './views';

// The live port's name and a light check of what arrives on it, without zod: content scripts and
// the popup import this, and zod would triple their JavaScript. The full schema (LiveEventSchema in
// views.ts) declares the events; only Fieldside's own background can post on this port, so the
// receiving side checks the shape it switches on rather than re-validating every field.

export const LIVE_PORT = 'fieldside.live';

const LIVE_EVENT_TYPES: ReadonlySet<string> = new Set<LiveEvent['type']>([
  'jobs.changed',
  'sync.status',
  'outbox.changed',
  'page.job',
  'session.changed',
]);

export function isLiveEvent(message: unknown): message is LiveEvent {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { type?: unknown }).type === 'string' &&
    LIVE_EVENT_TYPES.has((message as { type: string }).type)
  );
}
