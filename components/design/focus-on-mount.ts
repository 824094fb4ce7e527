import { useLayoutEffect, useRef } from 'preact/hooks';

/** A ref whose element takes the focus when it is mounted, in the same task as the render, so a key pressed as soon
 * as it shows goes to it. Not the `autofocus` attribute, which Preact only writes: the browser focuses such an
 * element at its next rendering step (or not at all, once something in the page has had the focus), and on a loaded
 * machine a person, or a test, can see the prompt and press Enter before that step comes. */
export function useFocusOnMount<T extends HTMLElement>() {
  const element = useRef<T>(null);
  useLayoutEffect(() => element.current?.focus(), []);
  return element;
}
