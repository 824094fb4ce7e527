import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { signal } from '@preact/signals';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawEarlyScreen, replayKeys } from '@/components/search/early-screen';
import { markAppFirstResults, markFirstResults } from '@/components/search/first-row-mark';
import { shortDaysOf } from '@/lib/locale/words';
import { createQuickSearchModel } from '@/lib/quick-search/search-model';
import type { EarlyScreen } from '@/lib/quick-search/early-screen';
import { App, type LoadedSetup } from '@/entrypoints/popup/App';
import { canOpenSidePanel, searchHint } from '@/entrypoints/popup/search-hint';

// The popup's early script draws the kept rows as plain DOM; the App's first render takes those nodes over. Both are
// run here in one document: the App must find the very nodes it would render (so the page does not flicker or move)
// and platform data must stay text.

// The popup's window: online, in a locale (Node has no navigator).
vi.stubGlobal('navigator', { onLine: true, language: 'en-AU' });

const today = '2026-11-21';
const rows = [
  {
    uuid: 'u1',
    number: '1001',
    status: 'Quote',
    customer: '<img src=x onerror=alert(1)>',
    address: '1 Elm St',
    line: 'Fix the <b>gate</b>',
    day: today,
    marks: { number: [[0, 2]] as Array<[number, number]> },
  },
  { uuid: 'u2', number: '1002', status: 'Work Order', customer: '', address: '', day: '2026-11-24', marks: {} },
  { uuid: 'u3', number: '1003', status: '', customer: 'Ng', address: '3 Oak', day: '', marks: {} },
];
const words = shortDaysOf([today, '2026-11-24'], today);
const screen: EarlyScreen = {
  heading: "Today's jobs",
  rows: rows.map((row) => ({ row, day: row.day ? words[row.day]! : '' })),
};

let doc: Document;
let root: HTMLElement;
const saved: Record<string, unknown> = {};
beforeEach(() => {
  const page = parseHTML('<!doctype html><html><body><main id="app"></main></body></html>');
  doc = page.document as unknown as Document;
  root = doc.getElementById('app')!;
  // Preact creates elements through the container's document; what it reads of the window, it reads globally.
  for (const name of ['document', 'KeyboardEvent', 'Event'])
    saved[name] = (globalThis as Record<string, unknown>)[name];
  // linkedom's events carry no key: this one carries what a keydown does.
  const Base = page.Event as unknown as typeof Event;
  class KeyEvent extends Base {
    constructor(type: string, init: KeyboardEventInit = {}) {
      super(type, init);
      const { key = '', shiftKey = false, ctrlKey = false, metaKey = false } = init;
      Object.assign(this, { key, shiftKey, ctrlKey, metaKey });
    }
  }
  Object.assign(globalThis, { document: doc, KeyboardEvent: KeyEvent, Event: Base });
  // linkedom's focus does nothing: the element focused last is noted on its document.
  const proto = (page.HTMLElement as unknown as { prototype: HTMLElement }).prototype;
  proto.focus = function (this: HTMLElement) {
    (this.ownerDocument as unknown as { focused?: HTMLElement }).focused = this;
  };
});
afterEach(() => Object.assign(globalThis, saved));

/** Element tags, classes, ids, roles, aria and data attributes and text, in document order. */
function shape(node: Node): string[] {
  const out: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === 3) {
      if (n.textContent) out.push(`"${n.textContent}"`);
      return;
    }
    const e = n as Element;
    const attrs = [...e.attributes]
      .map((a) => `${a.name}=${a.value}`)
      .filter((a) => /^(class|id|role|aria-|data-|type|for|width|height|d=|rx=)/.test(a))
      .sort();
    out.push(`<${e.localName} ${attrs.join(' ')}>`);
    for (const c of [...n.childNodes]) walk(c);
  };
  for (const c of [...node.childNodes]) walk(c);
  return out;
}

function appOver(model = createQuickSearchModel({ now: () => Date.UTC(2026, 10, 21, 1) })) {
  const setup = signal<LoadedSetup | null>(null);
  return { model, setup, app: <App model={model} setup={setup} /> };
}

/** The model as the popup's own code leaves it after taking the kept screen (search-model.ts, showKept). */
function showKept(model: ReturnType<typeof createQuickSearchModel>) {
  model.workspace.value = { state: 'ready', dbName: 'c', accountUuid: 'a', canSearch: true, timeZone: null };
  model.rows.value = rows;
  model.heading.value = screen.heading;
}

describe('the early first screen', () => {
  it('draws every kept row as text, the first selected; the box is left for its caller to focus', () => {
    const drawn = drawEarlyScreen(root, screen, searchHint(false));
    const items = [...root.querySelectorAll('#results [role="option"]')];
    expect(items.map((li) => li.getAttribute('data-job-uuid'))).toEqual(['u1', 'u2', 'u3']);
    expect(items.map((li) => li.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(items[0]!.textContent).toBe(
      `#1001<img src=x onerror=alert(1)>Quote${words[today]}1 Elm StFix the <b>gate</b>`,
    );
    expect(root.querySelector('img, b')).toBeNull(); // platform data is text, never HTML
    expect(items[0]!.querySelector('mark')?.textContent).toBe('10');
    expect(items[1]!.textContent).toContain('No customer');
    expect(drawn.firstNumber).toBe('1001');
    // Focusing lays the page out: the early script does it once the stylesheet is in, not while drawing.
    expect(drawn.input).toBe(root.querySelector('#job-search'));
    expect((doc as unknown as { focused?: Element }).focused).toBeUndefined();
  });

  it("is the App's own first render of the same rows, which takes its nodes over", () => {
    const { model, app } = appOver();
    showKept(model);
    const reference = parseHTML('<!doctype html><html><body><main id="app"></main></body></html>').document;
    const fresh = reference.getElementById('app') as unknown as HTMLElement;
    render(app, fresh);
    const drawn = drawEarlyScreen(root, screen, searchHint(canOpenSidePanel()));
    expect(shape(root)).toEqual(shape(fresh));

    const firstRow = root.querySelector('#results [role="option"]');
    const heading = root.querySelector('#results-heading');
    render(appOver(model).app, root);
    expect(root.querySelector('#results [role="option"]')).toBe(firstRow); // the same nodes: no flicker, no jump
    expect(root.querySelector('#results-heading')).toBe(heading);
    expect(root.querySelector('#job-search')).toBe(drawn.input);
    expect(shape(root)).toEqual(shape(fresh));
  });

  it('keeps the keys pressed before the App takes over, and the App acts on them in order', async () => {
    const drawn = drawEarlyScreen(root, screen, searchHint(false));
    const key = (k: string) => {
      const event = new KeyboardEvent('keydown', { key: k, cancelable: true });
      drawn.input.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(key('ArrowDown')).toBe(true); // kept (the caret stays), not lost
    key('ArrowDown');
    key('ArrowUp');
    key('a'); // typed text stays in the box
    const kept = drawn.release();
    expect(kept.map((k) => k.key)).toEqual(['ArrowDown', 'ArrowDown', 'ArrowUp']);
    key('ArrowDown');
    expect(drawn.release()).toEqual([]); // released: the App's handler has the box now

    const { model, app } = appOver();
    showKept(model);
    render(app, root);
    await replayKeys(drawn.input, kept);
    expect(model.active.value).toBe(1);
  });

  it('is marked as the first result row only when a row is laid out in view', () => {
    drawEarlyScreen(root, screen, searchHint(false));
    const row = root.querySelector('#results [role="option"]') as HTMLElement;
    row.getBoundingClientRect = () => ({ top: 0, height: 0, width: 0 }) as DOMRect;
    expect(markFirstResults(doc, 'early')).toBe(false);
    row.getBoundingClientRect = () => ({ top: 80, height: 60, width: 300 }) as DOMRect;
    expect(markFirstResults(doc, 'early')).toBe(true);
    expect(doc.body.dataset.firstResultsRow).toBe('1001');
    expect(doc.body.dataset.firstResultsBy).toBe('early');
    expect(markFirstResults(doc, 'app')).toBe(false); // once
  });

  describe("the App's mark", () => {
    // Frames come every few milliseconds, as a shown page's do.
    beforeEach(() => void vi.stubGlobal('requestAnimationFrame', (frame: () => void) => setTimeout(frame, 4)));
    afterEach(() => void vi.unstubAllGlobals());
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    /** The early script's drawing as popup-early draws it: the rows in, then its stylesheet awaited, then its frame. */
    function earlyDrawing(inView: boolean) {
      drawEarlyScreen(root, screen, searchHint(false));
      const row = root.querySelector('#results [role="option"]') as HTMLElement;
      const box = inView ? { top: 80, height: 60, width: 300 } : { top: 0, height: 0, width: 0 };
      row.getBoundingClientRect = () => box as DOMRect;
      let stylesheetIn = () => {};
      const styles = new Promise<void>((resolve) => (stylesheetIn = resolve));
      const drawn = styles.then(
        () => new Promise((settled) => requestAnimationFrame(() => (markFirstResults(doc, 'early'), settled(row)))),
      );
      return { drawn, stylesheetIn };
    }

    it('leaves the rows drawn early to the early script, though the App had its rows first', async () => {
      const early = earlyDrawing(true);
      let frameAfter = false;
      const app = markAppFirstResults(doc, Promise.resolve(), early.drawn, () => (frameAfter = true));
      await later(20); // the App's rows are set from the same reads while the stylesheet is still loading
      expect(doc.body.dataset.firstResultsBy).toBeUndefined();
      early.stylesheetIn();
      await app;
      expect(doc.body.dataset.firstResultsBy).toBe('early');
      expect(doc.body.dataset.firstResultsRow).toBe('1001');
      expect(frameAfter).toBe(true); // what waits for the first rows' frame (the setup views) still runs
    });

    it('marks its own rows when the early script drew nothing, or nothing in view', async () => {
      await markAppFirstResults(doc, Promise.resolve(), undefined);
      expect(doc.body.dataset.firstResultsBy).toBe('app');

      delete doc.body.dataset.firstResultsBy;
      delete doc.body.dataset.firstResultsMs;
      const early = earlyDrawing(false);
      early.stylesheetIn();
      await markAppFirstResults(doc, Promise.resolve(), early.drawn);
      expect(doc.body.dataset.firstResultsBy).toBe('app');
    });
  });
});
