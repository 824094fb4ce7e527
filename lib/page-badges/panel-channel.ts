// The private channel between a badge (the content UI) and its quick-note frame (quick-note.html).
// The content UI posts the frame its ticket with one end of a MessageChannel, to the frame's origin
// only; everything after goes over that port, which the page neither sees nor can post into. The
// frame believes nothing it is told here: a ticket is checked by the background, and a page can post
// the frame a hello of its own (it can frame quick-note.html too), with no ticket that opens anything.
// Light checks, no zod: both sides are small.

export const PANEL_HELLO = 'fieldside.quickNote';

/** Content UI → frame, once, with the port (event.ports[0]). */
export interface PanelHello {
  type: typeof PANEL_HELLO;
  ticket: string;
}

/** Frame → content UI, on the port: shown (at its height), a new height, closed by the person, or
 * could not open (in words). */
export type FrameMessage =
  | { type: 'ready'; height: number }
  | { type: 'height'; height: number }
  | { type: 'close' }
  | { type: 'problem'; message: string };

/** Content UI → frame, on the port: the job's notes may have changed, read them again. */
export interface ReadAgain {
  type: 'read';
}

export function isPanelHello(data: unknown): data is PanelHello {
  const hello = data as Partial<PanelHello> | null;
  return typeof hello === 'object' && hello !== null && hello.type === PANEL_HELLO && typeof hello.ticket === 'string';
}

export function isFrameMessage(data: unknown): data is FrameMessage {
  const message = data as { type?: unknown; height?: unknown; message?: unknown } | null;
  if (typeof message !== 'object' || message === null) return false;
  if (message.type === 'ready' || message.type === 'height') return typeof message.height === 'number';
  if (message.type === 'problem') return typeof message.message === 'string';
  return message.type === 'close';
}

export const isReadAgain = (data: unknown): data is ReadAgain => (data as ReadAgain | null)?.type === 'read';
