import type { BrowserContext, Page } from 'playwright-core';

// Fieldside's badges (and the quick-note panel's frame) live in closed shadow roots: neither the page nor
// Playwright's locators can see into them. Tests look the way Fieldside itself can: from its
// content script's own world (found through CDP), where chrome.dom.openOrClosedShadowRoot hands over
// a closed root, an extension API no web page has. They only look from there; they act as a person
// does, with the mouse and the keyboard at the place they found (page.mouse, page.keyboard: input
// the browser marks as trusted).

/** Which badges: the one in job window N's title (the web app), or the hosts a light-DOM selector finds. */
export type BadgeRef = { window: string } | { css: string };

/** Runs in Fieldside's world: the elements matching `selector` inside the badges `ref` names. */
const FIND = `function find(ref, selector) {
  const hosts = ref.window
    ? [...document.querySelectorAll('.x-window')]
        .filter((w) => new RegExp('^Job #' + ref.window + '\\\\b').test(w.querySelector('.x-window-header-text')?.textContent ?? ''))
        .flatMap((w) => [...w.querySelectorAll('.x-window-header fieldside-badge')])
    : [...document.querySelectorAll(ref.css)];
  return hosts.flatMap((host) => {
    const root = chrome.dom.openOrClosedShadowRoot(host);
    return root ? [...root.querySelectorAll(selector)] : [];
  });
}`;

export interface ClosedBadges {
  /** Evaluates a function declaration in Fieldside's world, with `find` in scope as its first argument. */
  inWorld<T>(fn: string, ...args: unknown[]): Promise<T>;
  count(ref: BadgeRef, selector: string): Promise<number>;
  /** The first match's text, or null. */
  text(ref: BadgeRef, selector: string): Promise<string | null>;
  texts(ref: BadgeRef, selector: string): Promise<string[]>;
  attr(ref: BadgeRef, selector: string, name: string): Promise<string | null>;
  /** Waits until a match exists (or, with `gone`, none does). */
  waitFor(ref: BadgeRef, selector: string, options?: { gone?: boolean; timeout?: number }): Promise<void>;
  /** A person's click at the middle of the first match, once there is one (scrolled into view first). */
  click(ref: BadgeRef, selector: string): Promise<void>;
  /** Where the focus is: the page's active element, and inside a badge's root, its own. */
  focused(): Promise<{ host: string | null; inner: string | null }>;
}

export async function closedBadges(context: BrowserContext, page: Page): Promise<ClosedBadges> {
  const cdp = await context.newCDPSession(page);
  const worlds: Array<{ id: number; frameId: string }> = [];
  cdp.on('Runtime.executionContextCreated', ({ context: ctx }) => {
    if (ctx.auxData?.type === 'isolated' && ctx.name === 'Fieldside')
      worlds.push({ id: ctx.id, frameId: String(ctx.auxData.frameId) });
  });
  cdp.on('Runtime.executionContextDestroyed', (event) => {
    const index = worlds.findIndex((w) => w.id === event.executionContextId);
    if (index >= 0) worlds.splice(index, 1);
  });
  cdp.on('Runtime.executionContextsCleared', () => void worlds.splice(0));
  await cdp.send('Page.enable');
  // Enabling reports the worlds that exist already, then every new one.
  await cdp.send('Runtime.enable');
  const mainFrame = (await cdp.send('Page.getFrameTree')).frameTree.frame.id;

  async function world(): Promise<number> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = worlds.filter((w) => w.frameId === mainFrame).at(-1);
      if (found) return found.id;
      if (Date.now() > deadline) throw new Error(`No Fieldside content-script world in ${page.url()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function inWorld<T>(fn: string, ...args: unknown[]): Promise<T> {
    const result = await cdp.send('Runtime.callFunctionOn', {
      functionDeclaration: `function (...args) { ${FIND}; return (${fn})(find, ...args); }`,
      executionContextId: await world(),
      arguments: args.map((value) => ({ value })),
      awaitPromise: true,
      returnByValue: true,
    });
    if (result.exceptionDetails)
      throw new Error(
        `Fieldside-world evaluation failed: ${result.exceptionDetails.exception?.description ?? result.exceptionDetails.text}`,
      );
    return result.result.value as T;
  }

  const count = (ref: BadgeRef, selector: string) =>
    inWorld<number>('(find, ref, s) => find(ref, s).length', ref, selector);

  async function waitFor(
    ref: BadgeRef,
    selector: string,
    options: { gone?: boolean; timeout?: number } = {},
  ): Promise<void> {
    const deadline = Date.now() + (options.timeout ?? 15_000);
    for (;;) {
      const n = await count(ref, selector).catch(() => 0);
      if (options.gone ? n === 0 : n > 0) return;
      if (Date.now() > deadline)
        throw new Error(`${JSON.stringify(ref)} ${selector}: still ${options.gone ? 'there' : 'missing'}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  return {
    inWorld,
    count,
    text: (ref, selector) => inWorld('(find, ref, s) => find(ref, s)[0]?.textContent ?? null', ref, selector),
    texts: (ref, selector) => inWorld('(find, ref, s) => find(ref, s).map((e) => e.textContent)', ref, selector),
    attr: (ref, selector, name) =>
      inWorld('(find, ref, s, n) => find(ref, s)[0]?.getAttribute(n) ?? null', ref, selector, name),
    waitFor,
    async click(ref, selector) {
      await waitFor(ref, selector);
      const box = await inWorld<{ x: number; y: number } | null>(
        `(find, ref, s) => {
          const el = find(ref, s)[0];
          if (!el) return null;
          el.scrollIntoView({ block: 'center', inline: 'center' });
          const r = el.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        }`,
        ref,
        selector,
      );
      if (!box) throw new Error(`${JSON.stringify(ref)} ${selector}: nothing to click`);
      await page.mouse.click(box.x, box.y);
    },
    focused: () =>
      inWorld(`() => {
        const host = document.activeElement;
        const root = host ? chrome.dom.openOrClosedShadowRoot(host) : null;
        return { host: host?.tagName.toLowerCase() ?? null, inner: root?.activeElement?.tagName.toLowerCase() ?? null };
      }`),
  };
}
