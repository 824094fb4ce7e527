import type { LiveEvent } from './views';

/** The background's fan-out to the open pages, side panels and content scripts (LIVE_PORT), each
 * sent only the events it registered for (a content script's, only of its own page's jobs). */
export interface LiveHub {
  broadcast(event: LiveEvent): void;
}
