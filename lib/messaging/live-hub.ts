import type { LiveEvent } from './views';

/** The background's fan-out to every open page, side panel and content script (LIVE_PORT). */
export interface LiveHub {
  broadcast(event: LiveEvent): void;
}
