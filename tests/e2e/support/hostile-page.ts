import { BADGE_BOX } from '../../../lib/page-badges/scan';

// What a hostile page does to learn from Fieldside, as a script of its own that runs before any
// content script (in the page's HTML, or added to every new document): it listens, capturing and
// bubbling on window and document, to every keyboard, input, composition and clipboard event (and
// selection changes); it measures every badge host the moment it is inserted; and it can plant
// "Job #N" text for any N. Tests read what it learned with the helpers below (page.evaluate works
// alike in Playwright and puppeteer).

/** Every keyboard, input, composition and clipboard event (and selection changes) a page can listen to. */
export const HEARD_EVENTS = [
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'textInput',
  'change',
  'compositionstart',
  'compositionupdate',
  'compositionend',
  'copy',
  'cut',
  'paste',
  'select',
  'selectionchange',
];

/** The page's script. Each heard event is kept as "type key-or-data", with "(capture)" for the capturing listeners. */
export const HOSTILE_SCRIPT = `
window.__heard = [];
for (const type of ${JSON.stringify(HEARD_EVENTS)})
  for (const target of [window, document])
    for (const capture of [true, false])
      target.addEventListener(type, (e) => window.__heard.push(type + (capture ? ' (capture) ' : ' ') + (e.key ?? e.data ?? '')), { capture });
window.__boxes = (host) => {
  const r = host.getBoundingClientRect();
  return [r.width, r.height, host.offsetWidth, host.offsetHeight, host.clientWidth, host.clientHeight, host.scrollWidth, host.scrollHeight, host.getClientRects().length].join(' ');
};
window.__atInsertion = [];
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes)
    if (node.nodeName === 'FIELDSIDE-BADGE') window.__atInsertion.push(window.__boxes(node));
}).observe(document, { childList: true, subtree: true });
window.__plant = (numbers) => {
  const box = document.createElement('div');
  box.className = 'planted';
  for (const n of numbers) { const p = document.createElement('p'); p.textContent = 'About Job #' + n + ' again'; box.append(p); }
  document.body.append(box);
};
`;

/** The fixed box every badge host has, as the page's __boxes measures it: lib/page-badges/scan.ts's
 * BADGE_BOX, for rect, offset, client and scroll sizes, in one rect. */
export const BADGE_BOXES = [...Array<string>(4).fill(`${BADGE_BOX.width} ${BADGE_BOX.height}`), '1'].join(' ');

/** Playwright's page and puppeteer's alike: a function run in the page, with one argument. */
interface Evaluates {
  evaluate(fn: (arg: any) => unknown, arg: any): Promise<any>;
}
type HostileWindow = {
  __heard: string[];
  __atInsertion: string[];
  __boxes(host: Element): string;
  __plant(numbers: string[]): void;
};

/** What the page's listeners heard since the last look (and forgets it). */
export const heard = (page: Evaluates): Promise<string[]> =>
  page.evaluate(() => (window as unknown as HostileWindow).__heard.splice(0), null);

/** Forgets what the page heard of its own doings before the typing (its box left, focus gone to the panel's frame),
 * once all of it has been dispatched: a selection change is dispatched in a task of its own, and it once came after
 * the test had looked, among what was heard during the typing. */
export async function forgetPagesOwn(page: Evaluates): Promise<void> {
  for (let quiet = 0, looks = 0; quiet < 2 && looks < 20; looks++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    quiet = (await heard(page)).length === 0 ? quiet + 1 : 0;
  }
}

/** Plants "About Job #N again" for each number, in a new `.planted` block at the end of the page. */
export const plant = (page: Evaluates, numbers: string[]): Promise<void> =>
  page.evaluate((n) => (window as unknown as HostileWindow).__plant(n), numbers);

/** The boxes the page measured for each host when it was inserted. */
export const boxesAtInsertion = (page: Evaluates): Promise<string[]> =>
  page.evaluate(() => (window as unknown as HostileWindow).__atInsertion, null);

/**
 * All the page can measure of every badge host now: its boxes, where the page's own text goes on
 * after it (the layout around it), its attributes and its light-DOM children.
 */
export const hostBoxes = (page: Evaluates): Promise<string[]> =>
  page.evaluate(
    () =>
      [...document.querySelectorAll('fieldside-badge')].map((host) => {
        const w = window as unknown as HostileWindow;
        let after = 'none';
        const next = host.nextSibling;
        if (next?.nodeType === Node.TEXT_NODE && next.textContent) {
          const range = document.createRange();
          range.setStart(next, 0);
          range.setEnd(next, 1);
          const gap = range.getBoundingClientRect().left - host.getBoundingClientRect().right;
          // (+ 0: no "-0.00" for a gap a rounding below zero.)
          after = (Math.round(gap * 100) / 100 + 0).toFixed(2);
        }
        const attributes = [...host.attributes].map((a) => `${a.name}=${a.value}`).join(' ');
        return `${w.__boxes(host)} | ${after} | ${attributes} | ${host.childNodes.length}`;
      }),
    null,
  );
