import type { BadgeTarget } from './scan';
import type { CardTarget } from './webmail-scan';

// The seam between the tiny initial content script and the lazily loaded UI chunk
// (entrypoints/content-ui): the chunk registers this object on the isolated world's global when it
// is imported, and the scanner hands it the shadow hosts it created.

/** The parts of WXT's ContentScriptContext the UI uses (everything it attaches goes through it). */
export interface UiContext {
  readonly isValid: boolean;
  onInvalidated(cb: () => void): () => void;
  setTimeout(handler: () => void, timeout?: number): number;
  setInterval(handler: () => void, timeout?: number): number;
}

export interface ContentUi {
  /** Renders a badge into each host and fetches their jobs in one batched message. */
  add(ctx: UiContext, targets: readonly BadgeTarget[]): void;
  /** Unmounts the badges whose host is no longer in the page (a job window closed). */
  prune(): void;
  /** Renders the sender's card above an open e-mail (webmail sites the person added). */
  card(ctx: UiContext, target: CardTarget): void;
}

export const UI_GLOBAL = '__fieldsideContentUi';
/** Where the UI chunk is built (an unlisted script, listed in web_accessible_resources). */
export const UI_PATH = '/content-ui.js';
