import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

// Places the quick-note panel's frame next to its badge in the viewport (position: fixed), so the window
// the badge sits in (a platform job window clips what overflows it) never cuts the panel off: under the
// badge, its right edge on the badge's, inside the viewport; above the badge when there is more
// room there. Follows scrolling and resizing while it is open.

const GAP = 6;
const MARGIN = 8;

export function useAnchoredPosition(
  panel: RefObject<HTMLElement | null>,
  anchor: (() => Element | null) | undefined,
): void {
  useLayoutEffect(() => {
    const element = panel.current;
    const view = element?.ownerDocument.defaultView;
    if (!element || !view || !anchor) return;
    const place = () => {
      const target = anchor();
      if (!target) return;
      const a = target.getBoundingClientRect();
      const width = element.offsetWidth;
      const below = view.innerHeight - a.bottom - GAP - MARGIN;
      const above = a.top - GAP - MARGIN;
      const down = below >= 280 || below >= above;
      element.style.left = `${Math.max(MARGIN, Math.min(a.right - width, view.innerWidth - width - MARGIN))}px`;
      element.style.top = down ? `${a.bottom + GAP}px` : 'auto';
      element.style.bottom = down ? 'auto' : `${view.innerHeight - a.top + GAP}px`;
      element.style.maxHeight = `${Math.max(160, down ? below : above)}px`;
    };
    place();
    view.addEventListener('resize', place, { passive: true });
    view.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      view.removeEventListener('resize', place);
      view.removeEventListener('scroll', place, { capture: true });
    };
  }, []);
}
