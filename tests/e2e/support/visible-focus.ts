import type { Page } from 'playwright-core';

// Walks a page with the Tab key, as a keyboard user does, and names every stop whose focus cannot be
// seen: no outline (at least 2 px, not transparent) on the element (every focus ring of the design
// system is an outline), or, for an
// input drawn transparent over its label (the segmented choice), on the label it sits in.

export async function invisibleFocus(page: Page, maxStops = 120): Promise<string[]> {
  await page.bringToFront();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const missing: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < maxStops; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return null;
      let shown: Element = focused;
      while (getComputedStyle(shown).opacity === '0' && shown.parentElement) shown = shown.parentElement;
      const style = getComputedStyle(shown);
      const outline =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) >= 2 &&
        style.outlineColor !== 'rgba(0, 0, 0, 0)';
      const name = (focused.getAttribute('aria-label') ?? focused.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      const path = [...document.querySelectorAll('*')].indexOf(focused);
      return {
        key: `${path}`,
        label: `${location.pathname} ${focused.tagName.toLowerCase()}${focused.id ? `#${focused.id}` : ''} "${name}"`,
        visible: outline,
      };
    });
    if (!stop) continue;
    if (seen.has(stop.key)) break; // round the page once
    seen.add(stop.key);
    if (!stop.visible) missing.push(stop.label);
  }
  if (seen.size === 0) missing.push(`${page.url()}: the Tab key reached nothing`);
  return missing;
}
