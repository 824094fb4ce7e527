import type { AddonAction } from '../addons/manifest';
import { html, type Raw } from './html';

// The add-on's pieces of the web app: its actions on a job card, and the window that shows its answer. As with
// every fragment, the server escapes each value; the add-on's own HTML goes only into a sandboxed frame's srcdoc
// (an attribute, escaped like any other), so it runs in an opaque origin: never with the web app's origin, its
// cookies or its DOM.

/** The sandbox of an add-on's frame: its scripts and forms run, its links may open new windows; nothing else. */
export const ADDON_FRAME_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

/** The job card's add-on actions, as buttons labelled with each action's name. */
export function addonActionBar(actions: readonly AddonAction[]): Raw | '' {
  if (actions.length === 0) return '';
  return html`<div class="x-toolbar job-actions" data-field="addon_actions" role="toolbar" aria-label="Add-ons">
    ${actions.map(
      (a) =>
        html`<button
          type="button"
          class="x-btn addon-action"
          data-addon-event="${a.event.toLowerCase()}"
          data-addon-name="${a.name}"
        >
          ${a.name}
        </button>`,
    )}
  </div>`;
}

export type AddonWindowContent =
  | { kind: 'html'; html: string }
  /** The add-on answered, but nothing the platform shows (another status, raw HTML): an empty frame. */
  | { kind: 'blank' }
  | { kind: 'message'; text: string };

/** An add-on window on a job: titled with the action's name, showing the add-on's HTML framed (nothing, for an
 * answer the platform does not show), or the platform's own message when the add-on did not answer at all. */
export function addonWindow(input: {
  jobUuid: string;
  event: string;
  title: string;
  content: AddonWindowContent;
}): Raw {
  const id = `addon-window-${input.jobUuid}-${input.event}`;
  const body =
    input.content.kind === 'message'
      ? html`<p class="x-window-message addon-message" role="alert">${input.content.text}</p>`
      : html`<iframe
          class="addon-frame"
          title="${input.title}"
          sandbox="${ADDON_FRAME_SANDBOX}"
          srcdoc="${input.content.kind === 'html' ? input.content.html : ''}"
        ></iframe>`;
  return html`<div
    class="x-window addon-window"
    id="${id}"
    data-addon-job-uuid="${input.jobUuid}"
    data-addon-event="${input.event}"
    role="dialog"
    aria-labelledby="${id}-title"
    tabindex="-1"
  >
    <div class="x-window-header">
      <span class="x-window-header-text" id="${id}-title">${input.title}</span>
      <div class="x-tool x-tool-close" role="button" tabindex="0" title="Close" aria-label="Close"></div>
    </div>
    <div class="x-window-body addon-window-body">${body}</div>
  </div>`;
}
