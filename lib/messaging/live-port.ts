import type { LiveEvent } from './views';

// The live port's name and a light check of what arrives on it, without zod: content scripts and
// the popup import this, and zod would triple their JavaScript. The full schema (LiveEventSchema in
// views.ts) declares the events; only Fieldside's own background can post on this port, so the
// receiving side checks the shape it switches on rather than re-validating every field.

export const LIVE_PORT = 'fieldside.live';

export type LiveEventType = LiveEvent['type'];

const LIVE_EVENT_TYPES: ReadonlySet<string> = new Set<LiveEventType>([
  'jobs.changed',
  'visits.changed',
  'sync.status',
  'outbox.changed',
  'outbox.progress',
  'page.job',
  'session.changed',
]);

/** What a page or content script posts on the live port once connected: the events it registers
 * for. The background sends each port only those (a content script's, only of its own jobs). */
export interface LiveSubscription {
  subscribe: LiveEventType[];
}

export function isLiveSubscription(message: unknown): message is LiveSubscription {
  const events = (message as { subscribe?: unknown } | null)?.subscribe;
  return Array.isArray(events) && events.every((type) => typeof type === 'string' && LIVE_EVENT_TYPES.has(type));
}

export function isLiveEvent(message: unknown): message is LiveEvent {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { type?: unknown }).type === 'string' &&
    LIVE_EVENT_TYPES.has((message as { type: string }).type)
  );
}
