import { render } from 'preact';
import '@/components/design/tokens.css';
import '@/components/design/buttons.css';
import '@/components/design/fields.css';
import '@/components/design/disclosure.css';
import '@/components/design/chips.css';
import '@/components/design/notices.css';
import '@/components/design/states.css';
import '@/components/page-badges/page-badges.css';
import '@/components/page-badges/panel.css';
import './quick-note.css';
import { QuickNotePanel } from '@/components/page-badges/QuickNotePanel';
import { sendMessage } from '@/lib/messaging/send';
import { isPanelHello, isReadAgain, type FrameMessage } from '@/lib/page-badges/panel-channel';
import { refuseUntrustedEvents } from '@/lib/page-badges/trusted-events';
import { createQuickNoteModel, type QuickNoteModel } from './model';

// The quick-note page: the panel where the person reads a job's latest notes and types one, in a
// frame Fieldside's content script puts beside the job's badge (entrypoints/content-ui/panel-frame.tsx).
// Its keys and input never enter the web page's event path. A web page can frame this page too, so
// it does nothing of its own accord: it waits for a hello from its parent window, opens only what
// the hello's ticket opens at the background (issued to Fieldside's content script when the person
// pressed the badge, and good for this one frame), and answers only on the hello's private port.

const app = document.getElementById('app')!;
refuseUntrustedEvents(document);

function App({ model, close }: { model: QuickNoteModel; close: () => void }) {
  const state = model.state.value;
  if (!state) return null;
  return (
    <QuickNotePanel
      id="quick-note"
      job={state.job}
      notes={state.notes}
      notesRead={state.notesRead}
      timeZone={state.timeZone}
      customer={state.customer}
      canAddNote={state.canAddNote}
      saving={state.saving}
      error={state.error}
      onAdd={(text) => model.addNote(text)}
      onClose={close}
    />
  );
}

/** Opens the panel a hello's ticket opens; false when it opens nothing (stale, or not Fieldside's). */
async function open(ticket: string, port: MessagePort): Promise<boolean> {
  const tell = (message: FrameMessage) => port.postMessage(message);
  const model = createQuickNoteModel(sendMessage, ticket);
  try {
    await model.open();
  } catch (error) {
    tell({ type: 'problem', message: error instanceof Error ? error.message : String(error) });
    port.close();
    return false;
  }
  const close = () => tell({ type: 'close' });
  port.onmessage = ({ data }) => void (isReadAgain(data) && model.readAgain());
  render(<App model={model} close={close} />, app);
  // The panel puts the focus on its note box (or heading) before this frame has the focus; Firefox
  // forgets that, so the first time the frame gets the focus, it goes where the panel put it.
  window.addEventListener(
    'focus',
    () => {
      if (document.activeElement === document.body)
        (app.querySelector('textarea') ?? app.querySelector('h2'))?.focus({ preventScroll: true });
    },
    { once: true },
  );
  // Escape closes the panel wherever the focus is in this page (the panel's own handler covers it inside).
  document.addEventListener('keydown', (event) => event.key === 'Escape' && close());
  const height = () => app.getBoundingClientRect().height;
  tell({ type: 'ready', height: height() });
  new ResizeObserver(() => tell({ type: 'height', height: height() })).observe(app);
  return true;
}

let opening: Promise<boolean> = Promise.resolve(false);
const onHello = (event: MessageEvent) => {
  const port = event.ports[0];
  if (event.source !== window.parent || !isPanelHello(event.data) || !port) return;
  const { ticket } = event.data;
  opening = opening.then((opened) => opened || open(ticket, port));
  void opening.then((opened) => opened && window.removeEventListener('message', onHello));
};
window.addEventListener('message', onHello);
