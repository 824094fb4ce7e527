// Finding job references on a page, cheaply: the initial content script runs these on every
// platform page (and on sites the user added), so they are plain DOM walks with no dependencies.
// Each found reference gets one shadow host (`<fieldside-badge>`), created here so the UI chunk
// only has to render into it; a page where nothing is found gets no host and no UI chunk.

export const HOST_TAG = 'fieldside-badge';
/** Set on every job element we decorated (and read by tests): the page is never scanned twice for it. */
export const MARK = 'data-fieldside';

export interface BadgeTarget {
  host: HTMLElement;
  /** The job, by uuid (platform markup) or by number (text like "Job #1234"). */
  uuid: string | null;
  number: string | null;
}

const PLATFORM_REFS = `a.job-link[data-job-uuid]:not([${MARK}]), main[data-page="job"][data-job-uuid]:not([${MARK}])`;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function createHost(doc: Document): HTMLElement {
  const host = doc.createElement(HOST_TAG);
  // Inline and unstyled by the page: all of Fieldside's look lives inside the shadow root.
  host.style.cssText = 'all: initial; display: inline-block; position: relative; vertical-align: middle; margin-inline-start: 0.4em';
  host.attachShadow({ mode: 'open' });
  return host;
}

/** The cheap check the MutationObserver runs: is there any undecorated job reference? */
export function hasPlatformRefs(root: ParentNode): boolean {
  return root.querySelector(PLATFORM_REFS) !== null;
}

/** Job links in lists and the job page's main element: a host beside each, not yet decorated. */
export function attachPlatformHosts(doc: Document): BadgeTarget[] {
  const targets: BadgeTarget[] = [];
  for (const el of doc.querySelectorAll<HTMLElement>(PLATFORM_REFS)) {
    el.setAttribute(MARK, 'seen');
    const uuid = el.dataset.jobUuid ?? '';
    if (!UUID_RE.test(uuid)) continue;
    const host = createHost(doc);
    if (el.tagName === 'MAIN') {
      // On a job page the badge sits after the job's heading (or first in main).
      const heading = el.querySelector('h1');
      if (heading) heading.append(host);
      else el.prepend(host);
    } else {
      el.after(host);
    }
    targets.push({ host, uuid: uuid.toLowerCase(), number: null });
  }
  return targets;
}

/** The job uuid of the page itself (a platform job page), for the side panel to follow. */
export function pageJobUuid(doc: Document): string | null {
  const uuid = doc.querySelector<HTMLElement>('main[data-page="job"][data-job-uuid]')?.dataset.jobUuid ?? '';
  return UUID_RE.test(uuid) ? uuid.toLowerCase() : null;
}
