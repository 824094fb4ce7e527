// Every action of the badge and the quick-note panel answers the person only: events the browser made from a real
// click or key press. A page script can dispatch click, key and submit events, but never trusted ones; those stop at
// the shadow root, before any of Fieldside's handlers, and do nothing by default either. A form's `submit` is marked
// trusted even when a script asked for it (form.requestSubmit()), so a submit counts only while the person's own
// click or key press that caused it is being handled, in the same task.

const ACTION_EVENTS = [
  'click',
  'auxclick',
  'dblclick',
  'mousedown',
  'mouseup',
  'pointerdown',
  'pointerup',
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'change',
  'submit',
] as const;

/** Lets only trusted events into `root` (a badge's shadow root); returns how to undo it. */
export function refuseUntrustedEvents(root: EventTarget): () => void {
  /** A trusted click or key press is being handled (cleared once its task is over). */
  let activating = false;

  function guard(event: Event): void {
    const fromPerson = event.isTrusted && (event.type !== 'submit' || activating);
    if (!fromPerson) {
      event.stopImmediatePropagation();
      event.preventDefault();
      return;
    }
    if (event.type === 'click' || event.type === 'keydown') {
      activating = true;
      setTimeout(() => (activating = false), 0);
    }
  }

  for (const type of ACTION_EVENTS) root.addEventListener(type, guard, { capture: true });
  return () => {
    for (const type of ACTION_EVENTS) root.removeEventListener(type, guard, { capture: true });
  };
}
