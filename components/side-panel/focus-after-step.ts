import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { FOCUS_AFTER, VISIT_COMMANDS, visitButtonId, type VisitCommand } from '@/lib/side-panel/visit-buttons';

/** What was pressed in the visit: a step (or its undo), or "Record a visit of mine here". */
export type VisitPress = VisitCommand | 'unfold';

/** Keeps keyboard focus on the visit when the pressed button goes away, as the job card's panel does: without it a
 * person on keys or a screen reader lands at the top of the page after every step. Call the returned function in the
 * button's handler; after each render, once that button is gone (its step taken, which may come a render later),
 * focus moves to the next step's button (`FOCUS_AFTER`), or the visit's heading when none is shown, unless the person
 * has already put it elsewhere. */
export function useFocusAfterStep(section: RefObject<HTMLElement | null>): (press: VisitPress) => void {
  const pressed = useRef<VisitPress | null>(null);
  useEffect(() => {
    const from = pressed.current;
    const root = section.current;
    if (!from || !root) return;
    const doc = root.ownerDocument;
    if (doc.getElementById(from === 'unfold' ? 'visit-unfold' : visitButtonId(from))) return;
    pressed.current = null;
    const active = doc.activeElement;
    if (active && active !== doc.body && !root.contains(active)) return;
    const next = from === 'unfold' ? VISIT_COMMANDS : FOCUS_AFTER[from];
    const target = next.map((c) => doc.getElementById(visitButtonId(c))).find((b) => b !== null);
    // Unfolded where visits are not yet allowed: the button that allows them.
    const first = from === 'unfold' ? root.querySelector<HTMLElement>('button') : null;
    (target ?? first ?? root.querySelector<HTMLElement>('#visit-title'))?.focus();
  });
  return (press) => {
    pressed.current = press;
  };
}
