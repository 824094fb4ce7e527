// Every action of the badge and the quick-note panel (open the panel, add a note, close it, type)
// answers the person only: events the browser made from a real click or key press. Whatever can
// reach an element (a page script, had it a way in) can dispatch click, key and submit events, but
// never trusted ones: those stop at the shadow root, before any of Fieldside's handlers, and do
// nothing by default either (a synthetic click on a submit button would otherwise submit).

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

function stopUntrusted(event: Event): void {
  if (event.isTrusted) return;
  event.stopImmediatePropagation();
  event.preventDefault();
}

/** Lets only trusted events into `root` (a badge's shadow root); returns how to undo it. */
export function refuseUntrustedEvents(root: EventTarget): () => void {
  for (const type of ACTION_EVENTS) root.addEventListener(type, stopUntrusted, { capture: true });
  return () => {
    for (const type of ACTION_EVENTS) root.removeEventListener(type, stopUntrusted, { capture: true });
  };
}
