// What the page scanners share: the shadow host a badge renders into, and the mark that says an
// element was decorated already (read by tests too), so a page is never decorated twice for it.
// Each found job gets one host (`<fieldside-badge>`), created here so the UI chunk only has to render
// into it; a page where nothing is found gets no host and no UI chunk.
//
// The shadow root is closed: the page's scripts get null for `host.shadowRoot`, so they can neither
// read the badge and the panel nor reach their buttons. Only the content script holds the root.

export const HOST_TAG = 'fieldside-badge';
/** Set on every element we decorated: the page is never scanned twice for it. */
export const MARK = 'data-fieldside';

export interface BadgeTarget {
  host: HTMLElement;
  /** The host's closed shadow root, known only to Fieldside. */
  root: ShadowRoot;
  /** The job, by uuid (when the page names it) or by the number people say ("Job #1234"). */
  uuid: string | null;
  number: string | null;
}

/**
 * Every host is one fixed box, whatever the background answers: a page that plants "Job #N" for many N must not
 * learn by measuring which jobs exist. Its size, scroll size, surroundings' layout, attributes and insertion time are
 * the same for every host, and the shadow stylesheet repeats the size `!important` (components/page-badges/styles.ts)
 * so the page cannot override it. Not hidden: what the person does with a badge (a job's opens a frame the page can
 * count), and the pixels, which a page cannot read.
 */
export const BADGE_BOX = { width: 160, height: 22 } as const;

/** The host's own style: its fixed box, inline, alone on the page's baseline rules. The panel's frame
 * (position: fixed) is not clipped by `overflow: hidden`, whose reach ends at the viewport's boxes. */
export const HOST_STYLE = `display: inline-block; width: ${BADGE_BOX.width}px; height: ${BADGE_BOX.height}px; overflow: hidden; vertical-align: middle; contain: size style`;

/** A shadow host, inline and unstyled by the page: all of Fieldside's look lives inside it. */
export function createHost(doc: Document, gap = '0.4em'): { host: HTMLElement; root: ShadowRoot } {
  const host = doc.createElement(HOST_TAG);
  host.style.cssText = `all: initial; ${HOST_STYLE}; margin-inline-start: ${gap}`;
  return { host, root: host.attachShadow({ mode: 'closed' }) };
}
