import type { Frame, Page } from 'playwright-core';

/** Waits for the page's running transitions and animations to end (those in open shadow roots too;
 * endless ones, like a spinner, aside): after a change of colour scheme, colours move for a moment,
 * and a check or a picture must see where they end. */
export async function transitionsDone(page: Page | Frame): Promise<void> {
  await page.evaluate(() => {
    const roots: Array<Document | ShadowRoot> = [
      document,
      ...[...document.querySelectorAll('*')].flatMap((e) => (e.shadowRoot ? [e.shadowRoot] : [])),
    ];
    const running = roots
      .flatMap((r) => r.getAnimations())
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    return Promise.all(running.map((a) => a.finished.catch(() => undefined)));
  });
}
