import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { useAnchoredPosition } from '@/components/page-badges/anchored';
import { ProblemNotice } from '@/components/design/ProblemNotice';
import { QUICK_NOTE_PATH } from '@/lib/messaging/sender';
import { isFrameMessage, PANEL_HELLO, type PanelHello, type ReadAgain } from '@/lib/page-badges/panel-channel';

// The quick-note panel's frame beside its badge: the quick-note page (web_accessible_resources, by
// Chrome's per-session URL), where the person types. Keys and input there are the frame's own
// events: none of them enters the web page's event path, whatever listeners it has. The frame gets
// its ticket and one end of a private channel once it has loaded, posted to its origin only; it is
// shown once it says it opened (so a frame the page navigated elsewhere is never shown), and closed
// if it ever loads again (navigated: no longer ours).

/** How long the frame may take to open before the person is told it did not. */
const OPEN_WITHIN_MS = 10_000;

const quickNoteUrl = () => (browser.runtime.getURL as (path: string) => string)(QUICK_NOTE_PATH);
/** The origin the quick-note page ends up in: Chrome serves the per-session URL from the extension's
 * own origin (an internal redirect); Firefox's one URL is its origin already. */
const frameOrigin = (src: string) =>
  import.meta.env.FIREFOX ? new URL(src).origin : `chrome-extension://${browser.runtime.id}`;

export interface PanelFrameProps {
  id: string;
  jobNumber: string;
  ticket: string;
  /** Bumped when the job's notes may have changed. */
  reads: number;
  anchor: () => Element | null;
  onClose: () => void;
  onProblem: (words: string) => void;
}

export function PanelFrame({ id, jobNumber, ticket, reads, anchor, onClose, onProblem }: PanelFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const port = useRef<MessagePort | null>(null);
  const loads = useRef(0);
  const [src] = useState(quickNoteUrl);
  const [height, setHeight] = useState<number | null>(null);
  // The channel outlives this render: it calls whatever the latest render was given.
  const told = useRef({ onClose, onProblem });
  told.current = { onClose, onProblem };
  useAnchoredPosition(frame, anchor);

  useEffect(() => () => port.current?.close(), []);
  useEffect(() => {
    if (reads > 0) port.current?.postMessage({ type: 'read' } satisfies ReadAgain);
  }, [reads]);
  // Shown: the focus goes into the panel (once visible: a hidden frame takes no focus in Firefox).
  const shown = height !== null;
  useEffect(() => {
    if (shown) frame.current?.focus();
  }, [shown]);
  useEffect(() => {
    if (height !== null) return;
    const timer = setTimeout(
      () => told.current.onProblem('The notes panel did not open. Close it and try again.'),
      OPEN_WITHIN_MS,
    );
    return () => clearTimeout(timer);
  }, [height === null]);

  const onLoad = () => {
    const win = frame.current?.contentWindow;
    if (++loads.current > 1 || !win) return told.current.onClose();
    const channel = new MessageChannel();
    port.current = channel.port1;
    channel.port1.onmessage = ({ data }: MessageEvent) => {
      if (!isFrameMessage(data)) return;
      if (data.type === 'close') return told.current.onClose();
      if (data.type === 'problem') return told.current.onProblem(data.message);
      setHeight(Math.ceil(data.height));
    };
    win.postMessage({ type: PANEL_HELLO, ticket } satisfies PanelHello, frameOrigin(src), [channel.port2]);
  };

  return (
    <iframe
      ref={frame}
      id={id}
      class="panel-frame"
      src={src}
      title={`Fieldside: notes for job #${jobNumber}`}
      onLoad={onLoad}
      // The frame draws the card's border (1px each side) around the panel.
      style={{ height: `${(height ?? 0) + 2}px`, visibility: height === null ? 'hidden' : 'visible' }}
    />
  );
}

/** Where the panel would be, when it could not open: why, and a way to close it. */
export function PanelProblem({
  id,
  problem,
  anchor,
  onClose,
}: {
  id: string;
  problem: string;
  anchor: () => Element | null;
  onClose: () => void;
}) {
  const card = useRef<HTMLDivElement>(null);
  useAnchoredPosition(card, anchor);
  return (
    <div class="panel-problem" ref={card} id={id}>
      <ProblemNotice problem={problem} />
      <button type="button" class="btn-sm" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
