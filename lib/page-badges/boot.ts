import { browser } from 'wxt/browser';
import type { BadgeTarget } from './scan';
import type { CardTarget } from './webmail-scan';
import { UI_GLOBAL, UI_PATH, type ContentUi, type UiContext } from './ui-contract';

// The initial content script's whole job: scan, and only when something was found, load the UI
// chunk once and hand it the hosts. The scan reruns on in-page navigation and, throttled, when the
// page re-renders; where a page has no job the observer's cost is one querySelector per quiet period.

export interface BootContext extends UiContext {
  addEventListener(
    target: Window | Document,
    type: string,
    handler: () => void,
    options?: AddEventListenerOptions,
  ): void;
}

export interface BootOptions {
  /** Cheap: is anything to decorate? (runs after DOM mutations) */
  check(): boolean;
  /** Creates the shadow hosts for what is found. */
  attach(): BadgeTarget[];
  /** Card hosts for an open e-mail (webmail sites): rendered by the UI chunk, loaded only when one is found. */
  attachCards?(): CardTarget[];
  /** After every scan (the platform script tells the background which job the page shows). */
  afterScan?(): void;
  /** Document events after which `afterScan` runs again (what the page shows changed without markup). */
  rescanOn?: readonly string[];
  throttleMs?: number;
}

let ui: Promise<ContentUi> | undefined;

function loadUi(): Promise<ContentUi> {
  // (getURL is typed for WXT's known pages; the UI chunk is an unlisted script.)
  const url = (browser.runtime.getURL as (path: string) => string)(UI_PATH);
  ui ??= import(/* @vite-ignore */ url).then(() => {
    const loaded = (globalThis as Record<string, unknown>)[UI_GLOBAL] as ContentUi | undefined;
    if (!loaded) throw new Error('Fieldside: the content UI did not load');
    return loaded;
  });
  return ui;
}

export function bootContentScript(ctx: BootContext, options: BootOptions): void {
  const scan = () => {
    if (!ctx.isValid) return;
    const targets = options.attach();
    options.afterScan?.();
    // Badges whose host left the page (a closed window) are let go, whether or not new ones came.
    if (ui)
      void ui.then(
        (loaded) => ctx.isValid && loaded.prune(),
        () => undefined,
      );
    const cards = options.attachCards?.() ?? [];
    if (targets.length === 0 && cards.length === 0) return;
    loadUi().then(
      (loaded) => {
        if (!ctx.isValid) return;
        if (targets.length > 0) loaded.add(ctx, targets);
        for (const card of cards) loaded.card(ctx, card);
      },
      (error: unknown) => console.warn('Fieldside:', error),
    );
  };
  scan();
  ctx.addEventListener(window, 'wxt:locationchange', scan);
  for (const type of options.rescanOn ?? [])
    ctx.addEventListener(document, type, () => options.afterScan?.(), { capture: true, passive: true });

  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    ctx.setTimeout(() => {
      queued = false;
      if (options.check()) scan();
    }, options.throttleMs ?? 300);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  ctx.onInvalidated(() => observer.disconnect());
}
