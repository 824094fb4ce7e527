import type { Frame, Page } from 'playwright-core';

// The quick-note panel is its own page (quick-note.html, of the extension's origin), in a frame inside
// the badge's closed shadow root. Playwright reaches the frame itself (an out-of-process frame is a
// frame of the page like any other), so tests look and act in it as a person does: clicks and keys
// that the browser delivers to the frame, not to the web page.

const isQuickNote = (frame: Frame) =>
  !frame.isDetached() && URL.canParse(frame.url()) && new URL(frame.url()).pathname === '/quick-note.html';

/** The open panel's frame, once its panel is shown. */
export async function quickNoteFrame(page: Page, timeout = 15_000): Promise<Frame> {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const frame of page.frames().filter(isQuickNote)) {
      if (
        (await frame
          .locator('[role="dialog"]')
          .count()
          .catch(() => 0)) > 0
      )
        return frame;
    }
    if (Date.now() > deadline) {
      const frames = page.frames().filter(isQuickNote);
      const bodies = await Promise.all(
        frames.map((f) => f.evaluate(() => document.body?.innerText.slice(0, 200) ?? '(no body)').catch(String)),
      );
      throw new Error(`No quick-note panel opened (${frames.length} quick-note frames: ${JSON.stringify(bodies)})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The number of quick-note frames in the page (0 once the panel closed). */
export const quickNoteFrames = (page: Page): number => page.frames().filter(isQuickNote).length;

/** Waits until no quick-note frame is left in the page. */
export async function panelClosed(page: Page, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (quickNoteFrames(page) > 0) {
    if (Date.now() > deadline) throw new Error('The quick-note panel is still open');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The element that has the focus inside the panel's frame (lower-case tag name). */
export const focusInFrame = (frame: Frame): Promise<string | null> =>
  frame.evaluate(() => document.activeElement?.tagName.toLowerCase() ?? null);

/** The state of each note in the panel whose text holds `text`. */
export const noteStates = (frame: Frame, text: string): Promise<Array<string | null>> =>
  frame
    .locator('[role="dialog"] li.note', { hasText: text })
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-state')));

/**
 * Closes the panel as a person does, with its close button (or, with `key`, the Escape key), and waits
 * until it is gone. The frame goes away under the button's release: Chromium then sometimes never
 * acknowledges that release over CDP (measured: 2 rounds in 8), so the release is not awaited; the
 * panel closing is. A person presses only a button they can see: one scrolled out of the frame is an
 * error here, not a press on the page beside it.
 */
export async function closePanel(page: Page, frame: Frame, how: 'button' | 'key' = 'button'): Promise<void> {
  // What the frame receives, to say why when the panel stays open.
  await frame.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { fieldsideSeen: seen });
    for (const type of ['pointerdown', 'pointerup', 'click', 'keydown'])
      document.addEventListener(type, (e) => seen.push(`${type}${e.isTrusted ? '' : ' (untrusted)'}`), true);
  });
  if (how === 'key') {
    void page.keyboard.press('Escape').catch(() => undefined);
  } else {
    const [box, shown] = await Promise.all([
      frame.locator('button.close').boundingBox(),
      frame.frameElement().then((element) => element.boundingBox()),
    ]);
    if (!box || !shown) throw new Error('The panel has no close button');
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (y < shown.y || y > shown.y + shown.height || x < shown.x || x > shown.x + shown.width)
      throw new Error(
        `The panel's close button is out of sight (scrolled by ${await frame.evaluate(() => scrollY)}px)`,
      );
    await page.mouse.move(x, y);
    await page.mouse.down();
    void page.mouse.up().catch(() => undefined);
  }
  await panelClosed(page).catch(async (error: Error) => {
    const seen = await frame
      .evaluate(() => (window as unknown as { fieldsideSeen: string[] }).fieldsideSeen.join(', ') || 'nothing')
      .catch(String);
    throw new Error(`${error.message}: the panel saw ${seen}`);
  });
}
