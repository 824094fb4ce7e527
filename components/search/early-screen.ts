// The popup's kept first rows drawn as plain DOM by its early script, before Preact and the popup's modules have
// loaded: the same elements, classes and text the popup's App renders for them (QuickSearch, ResultItem), so the
// App's first render takes these very nodes over (Preact reuses the elements it finds in its container) in one
// frame, without a flicker or a layout jump. Platform data is set as text (textContent), never as HTML. Keys
// pressed before the App takes over are kept in order and handed to it.
import { toneOfStatus } from '../design/job-status';
import { markPieces } from '@/lib/cache/first-screen/mark-pieces';
import type { EarlyRow, EarlyScreen } from '@/lib/quick-search/early-screen';
import { keyParts } from './key-parts';

const SVG = 'http://www.w3.org/2000/svg';
/** The keys the search box acts on (QuickSearch's onKeyDown): kept until the App takes over. */
const ACTED_ON = new Set(['ArrowDown', 'ArrowUp', 'Enter', 'Escape']);

export interface KeptKey {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** What the early script leaves for the App: the search box and the keys pressed in it so far. */
export interface DrawnEarly {
  input: HTMLInputElement;
  /** The job number of the first row. */
  firstNumber: string;
  /** Stops keeping keys; those pressed so far, in order. */
  release(): KeptKey[];
}

type Attrs = Record<string, string>;

function el(doc: Document, tag: string, attrs: Attrs, ...children: Array<Node | string>): HTMLElement {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(typeof child === 'string' ? doc.createTextNode(child) : child);
  return node;
}

function svg(doc: Document, attrs: Attrs, ...children: Element[]): Element {
  const node = doc.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function svgPart(doc: Document, tag: string, attrs: Attrs): Element {
  const node = doc.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/** Text with its matched parts in `<mark>` (components/search/Marked.tsx), each piece a text node. */
function marked(doc: Document, text: string, ranges: ReadonlyArray<readonly [number, number]> | undefined): Node[] {
  return markPieces(text, ranges).map((piece) =>
    piece.marked ? el(doc, 'mark', {}, piece.text) : doc.createTextNode(piece.text),
  );
}

/** components/design/Brand.tsx's BrandMark. */
function brandMark(doc: Document): Element {
  const rect = svgPart(doc, 'rect', { width: '24', height: '24', rx: '6', fill: 'var(--color-accent)' });
  const path = svgPart(doc, 'path', {
    d: 'M8.5 17.5v-11h7.5M8.5 12h6',
    fill: 'none',
    stroke: 'var(--color-accent-fg)',
    'stroke-width': '2.4',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
  const attrs = { class: 'brand-mark', width: '20', height: '20', viewBox: '0 0 24 24' };
  return svg(doc, { ...attrs, 'aria-hidden': 'true', focusable: 'false' }, rect, path);
}

/** components/icons/search.tsx at 18 px. */
function searchIcon(doc: Document): Element {
  const path = svgPart(doc, 'path', { d: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M20 20l-4-4' });
  return svg(
    doc,
    {
      class: 'icon',
      'data-icon': 'search',
      width: '18',
      height: '18',
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
      focusable: 'false',
    },
    path,
  );
}

/** components/search/ResultItem.tsx, with its customer shown (the first screen lists several customers' jobs). */
function resultItem(doc: Document, { row, day }: EarlyRow, i: number): HTMLElement {
  const number = el(doc, 'strong', { class: 'result-number' }, '#', ...marked(doc, row.number, row.marks.number));
  const customer = el(
    doc,
    'span',
    { class: row.customer ? 'result-customer' : 'result-customer muted' },
    ...marked(doc, row.customer || 'No customer', row.customer ? row.marks.customer : undefined),
  );
  const line = el(doc, 'span', { class: 'result-line' }, number, customer);
  if (row.status)
    line.append(
      el(doc, 'span', { class: 'chip chip-dot result-status', 'data-tone': toneOfStatus(row.status) }, row.status),
    );
  const address = el(
    doc,
    'span',
    { class: row.address ? 'result-address' : 'result-address none' },
    ...marked(doc, row.address || 'No address', row.address ? row.marks.address : undefined),
  );
  const where = el(doc, 'span', { class: 'result-where' });
  if (day) where.append(el(doc, 'span', { class: 'result-day', 'data-field': 'day' }, day));
  where.append(address);
  const item = el(
    doc,
    'li',
    { id: `result-${i}`, role: 'option', 'aria-selected': String(i === 0), class: 'result', 'data-job-uuid': row.uuid },
    line,
    where,
  );
  if (row.line)
    item.append(
      el(doc, 'span', { class: 'result-what', 'data-field': 'line' }, ...marked(doc, row.line, row.marks.line)),
    );
  return item;
}

/** Draws `screen` into `root` (the popup's `#app`, empty) as the App renders a ready search showing it, the first
 * row selected; `hint` is the words under the search. The caller focuses the box (`input`) once the page's styles
 * are in: focusing lays the page out. */
export function drawEarlyScreen(root: HTMLElement, screen: EarlyScreen, hint: string): DrawnEarly {
  const doc = root.ownerDocument;
  const head = el(doc, 'h1', { class: 'app-head' }, brandMark(doc), 'Fieldside');
  const bar = el(
    doc,
    'div',
    { class: 'app-bar' },
    head,
    el(doc, 'button', { type: 'button', id: 'new-job', class: 'btn-sm' }, '+ New job'),
  );
  const input = el(doc, 'input', {
    id: 'job-search',
    type: 'text',
    role: 'combobox',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: 'Job number, customer, phone, address…',
    'aria-expanded': 'true',
    'aria-controls': 'results',
    'aria-autocomplete': 'list',
    'aria-describedby': 'search-hint',
    'aria-activedescendant': 'result-0',
  }) as HTMLInputElement;
  const list = el(
    doc,
    'ul',
    { id: 'results', role: 'listbox', 'aria-labelledby': 'results-heading', class: 'results' },
    ...screen.rows.map((row, i) => resultItem(doc, row, i)),
  );
  const hintParts = keyParts(hint).map((part, i) => (i % 2 === 1 ? el(doc, 'kbd', {}, part) : part));
  const search = el(
    doc,
    'div',
    { class: 'quick-search' },
    el(doc, 'label', { for: 'job-search', class: 'visually-hidden' }, 'Find a job'),
    el(doc, 'div', { class: 'search-box' }, searchIcon(doc) as unknown as HTMLElement, input),
    el(doc, 'div', {
      id: 'sync-line',
      role: 'status',
      class: 'sync-line quiet-when-empty',
      'data-offline': 'false',
    }),
    el(doc, 'h2', { id: 'results-heading', class: 'results-heading eyebrow' }, screen.heading),
    list,
    el(doc, 'p', { id: 'search-hint', class: 'hint search-hint' }, ...hintParts),
  );
  root.replaceChildren(bar, search);
  const keys: KeptKey[] = [];
  const keep = (e: KeyboardEvent) => {
    if (!ACTED_ON.has(e.key)) return; // typed text stays in the box, which the App keeps
    e.preventDefault();
    keys.push({ key: e.key, shiftKey: e.shiftKey, ctrlKey: e.ctrlKey, metaKey: e.metaKey });
  };
  input.addEventListener('keydown', keep);
  return {
    input,
    firstNumber: screen.rows[0]!.row.number,
    release() {
      input.removeEventListener('keydown', keep);
      return keys.splice(0);
    },
  };
}

/** After the App has taken the box over: the kept keys pressed again, in order, each after the App has rendered the
 * one before (its handler reads the selection of its last render). */
export async function replayKeys(input: HTMLInputElement, keys: readonly KeptKey[]): Promise<void> {
  for (const key of keys) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    input.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }));
  }
}

/** Resolves once the page is parsed (its `#app` exists): the early script runs in <head>, and the popup's module runs
 * as soon as it is loaded, both possibly before the parser has reached <body>. */
export function pageParsed(doc: Document = document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('readystatechange', () => resolve(), { once: true }));
}

const HANDOFF = '__fieldsideEarlyScreen';

/** Between the popup's early script and its modules, whichever runs first. */
export interface EarlyHandoff {
  /** Set by the App when its modules run: an early script that runs after that draws nothing. */
  appStarted?: boolean;
  /** Set by the early script when it runs: what it drew once its reads were answered (undefined: nothing), resolved
   * after the frame that painted it. The App renders nothing before this is settled, then renders at once (nothing
   * drawn) or takes the drawn rows over. */
  drawn?: Promise<DrawnEarly | undefined>;
}

export function earlyHandoff(): EarlyHandoff {
  const global = globalThis as unknown as Record<string, EarlyHandoff | undefined>;
  return (global[HANDOFF] ??= {});
}

/** Resolves once the early script's drawing has settled (its rows painted, or nothing to draw; at once when it set
 * nothing), never rejects: what the App starts after it stays out of the frame that paints the early rows. */
export function earlyPainted(handoff: EarlyHandoff): Promise<void> {
  return Promise.resolve(handoff.drawn).then(
    () => undefined,
    () => undefined,
  );
}
