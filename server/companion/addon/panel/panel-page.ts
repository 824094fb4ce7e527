import { html, type Html } from '../../pages/html';
import type { ActionPlace } from '../events';
import type { JobView, NoteView } from '../job-view';
import { NOTE_MAX_LENGTH } from '../note-answer';
import type { VisitState } from '../visit-records';
import { panelDocument } from './panel-document';

// The panel for one job: what the person needs at the door (status, number, address, what to do, badges), their
// visit (On my way, Arrived, Done, the job complete), photos (the phone's camera, or a file), the box to add a note,
// then the latest notes, newest first. Everything from the platform is escaped as text (the
// `html` template). On the web, the link that pairs this browser's Fieldside with the person the platform vouches
// for; on a phone there is no extension to pair.

function noteItem(note: NoteView): Html {
  return html`<li>
    <p class="meta">${note.author}${note.when ? ` · ${note.when}` : ''}</p>
    <p class="text">${note.text}</p>
  </li>`;
}

function badgeList(badges: string[] | null): Html {
  if (badges === null)
    return html`<p class="muted">Badge names need Fieldside to be activated again by an administrator.</p>`;
  if (badges.length === 0) return html``;
  return html`<ul class="badges" aria-label="Badges">
    ${badges.map((b) => html`<li>${b}</li>`)}
  </ul>`;
}

/** The visit's steps and buttons; the script shows the ones that fit its state (panel-visit-script.ts). */
function visitSection(visit: VisitState): Html {
  return html`<section
    id="visit"
    aria-labelledby="visit-title"
    data-on-the-way="${visit.onTheWayAt}"
    data-activity="${visit.activityUUID}"
    data-arrived="${visit.arrivedAt}"
    data-left="${visit.leftAt}"
    data-completed="${String(visit.completed)}"
  >
    <h2 id="visit-title" tabindex="-1">Your visit</h2>
    <ol id="visit-steps" class="steps" aria-label="What you have done" hidden></ol>
    <div class="row actions">
      <button type="button" id="act-on-my-way" class="secondary" hidden>On my way</button>
      <button type="button" id="act-arrived" hidden>Arrived</button>
      <button type="button" id="act-done" hidden>Done</button>
      <button type="button" id="act-complete" class="secondary" hidden>Mark the job complete</button>
    </div>
    <p id="visit-hint" class="muted"></p>
    <p id="visit-message" role="status" aria-live="polite"></p>
  </section>`;
}

/** Photos: the phone's camera (the mobile apps), or a photo or PDF chosen from the device; sent by the script. */
function photoSection(place: ActionPlace, upload: { url: string; ticket: string }): Html {
  return html`<section
    id="photos"
    aria-labelledby="photos-title"
    data-upload-url="${upload.url}"
    data-ticket="${upload.ticket}"
  >
    <h2 id="photos-title">Photos</h2>
    <div class="row">
      ${
        place === 'phone'
          ? html`<label class="button" for="photo-camera">Take a photo</label
              ><input class="file" type="file" id="photo-camera" accept="image/*" capture="environment" />`
          : html``
      }
      <label class="button secondary" for="photo-file"
        >${place === 'phone' ? 'Choose from this phone' : 'Add a photo or file'}</label
      ><input class="file" type="file" id="photo-file" accept="image/*,application/pdf" multiple />
    </div>
    <ul id="photo-list" class="photos" aria-label="Photos sent from this window"></ul>
  </section>`;
}

export interface PanelInput {
  view: JobView;
  place: ActionPlace;
  jobUuid: string;
  sdkUrl: string;
  /** Where the panel sends photos, and its ticket (../upload-ticket.ts). */
  upload: { url: string; ticket: string };
  /** `<PUBLIC_URL>/pair#<code>`, on the web only. */
  pairUrl?: string;
  /** `<PUBLIC_URL>/activate?ticket=…`, for an administrator on the web only: "Activate again". */
  activateUrl?: string;
}

export function jobPanel({ view, place, jobUuid, sdkUrl, upload, pairUrl, activateUrl }: PanelInput): string {
  const title = view.number ? `Job #${view.number}` : 'Job';
  const body = html`<header>
      ${view.status ? html`<p class="status" id="job-status">${view.status}</p>` : html``}
      <h1>${title}</h1>
      ${view.address ? html`<p class="muted">${view.address}</p>` : html``}
    </header>
    ${view.description ? html`<p class="description">${view.description}</p>` : html``} ${badgeList(view.badges)}
    ${visitSection(view.visit)} ${photoSection(place, upload)}
    <label for="note-text">Add a note</label>
    <textarea
      id="note-text"
      maxlength="${String(NOTE_MAX_LENGTH)}"
      placeholder="What did you find, do or need?"
    ></textarea>
    <div class="row">
      <button type="button" id="note-add">Add note</button>
      <p id="note-message" role="status" aria-live="polite"></p>
    </div>
    <h2>Latest notes</h2>
    <p id="no-notes" class="muted" ${view.notes.length > 0 ? html` hidden` : html``}>No notes on this job yet.</p>
    <ol id="notes" class="notes">
      ${view.notes.map(noteItem)}
    </ol>
    ${pairUrl ? html`<p class="pair"><a id="fieldside-pair" href="${pairUrl}" target="_blank" rel="noopener">Use Fieldside in this browser</a><br /><span class="muted">Connects the Fieldside extension in this browser to you, ${view.staffName || 'the person signed in here'}.</span></p>` : html``}
    ${activateUrl ? html`<p class="pair"><a id="fieldside-activate" href="${activateUrl}" target="_blank" rel="noopener">Activate again</a><br /><span class="muted">As an administrator, allow Fieldside again for the whole account (for example to let it do more).</span></p>` : html``}`;
  return panelDocument({ title, place, sdkUrl, jobUuid, connect: upload.url }, body);
}
