import type { AddonAction } from '../addons/manifest';
import { addonActionBar } from './addon-fragments';
import type { BoardColumn, JobRow, JobView } from './app-data';
import { html, type Raw } from './html';

// The web app's pieces, each rendered on the server with every value escaped. The page's script fetches them
// from /app/... and inserts them as they are (app-script.ts), so no platform value ever reaches the DOM unescaped.
// The class names are the ExtJS ones the real web app's job windows are known by (PLATFORM-NOTES "The web app").

/** The window title: the job number people say, and the client's name. */
export const windowTitle = (job: Pick<JobRow, 'number' | 'customer'>) =>
  `Job #${job.number}${job.customer ? ` \u2013 ${job.customer}` : ''}`;

const openJob = (row: JobRow, label: Raw | string) =>
  html`<a class="job-open" href="/job/${row.uuid}" data-open-job="${row.uuid}">${label}</a>`;

/** The job list grid: one row per job, newest first, with a pager. */
export function jobGrid(rows: JobRow[], page: number, more: boolean, q: string): Raw {
  const pageLink = (n: number, label: string) =>
    html`<a class="x-btn pager-link" href="/?page=${n}" data-list-page="${n}" data-list-q="${q}">${label}</a>`;
  return html`<div class="x-grid" id="job-grid" data-page="${page}">
    <div class="x-grid-header-row">
      <div class="x-grid-cell">Job</div>
      <div class="x-grid-cell">Status</div>
      <div class="x-grid-cell">Client</div>
      <div class="x-grid-cell">Address</div>
    </div>
    ${rows.map(
      (r) =>
        html`<div class="x-grid-row" data-job-uuid="${r.uuid}" data-open-job="${r.uuid}" tabindex="0">
          <div class="x-grid-cell job-number">${openJob(r, `#${r.number}`)}</div>
          <div class="x-grid-cell" data-field="status">${r.status}</div>
          <div class="x-grid-cell" data-field="customer">${r.customer}</div>
          <div class="x-grid-cell" data-field="job_address">${r.address}</div>
        </div>`,
    )}
    ${rows.length === 0 ? html`<div class="x-grid-empty">No jobs found.</div>` : ''}
    <div class="x-toolbar x-pager">
      ${page > 1 ? pageLink(page - 1, 'Previous') : ''}${more ? pageLink(page + 1, 'Next') : ''}
    </div>
  </div>`;
}

/** Today's dispatch board: a lane per field worker, visits by time, then jobs allocated without a time. */
export function dispatchBoard(today: string, columns: BoardColumn[]): Raw {
  return html`<div class="dispatch-board" id="dispatch-board" data-date="${today}">
    ${columns.map(
      (col) =>
        html`<div class="x-panel board-lane" data-staff-uuid="${col.staffUuid}">
          <div
            class="x-panel-header"
            style="border-left-color:${/^#[0-9a-f]{6}$/i.test(col.color) ? col.color : '#777777'}"
          >
            <span class="x-panel-header-text">${col.name}</span>
          </div>
          <div class="x-panel-body">
            ${col.visits.map((v) => html`<div class="board-item board-visit" data-job-uuid="${v.uuid}" data-open-job="${v.uuid}" tabindex="0"><span class="board-time">${v.start}–${v.end}</span> ${openJob(v, `#${v.number}`)} <span class="board-customer">${v.customer}</span></div>`)}
            ${col.unscheduled.length > 0 ? html`<div class="board-unscheduled-label">Allocated, no time</div>` : ''}
            ${col.unscheduled.map((j) => html`<div class="board-item board-unscheduled" data-job-uuid="${j.uuid}" data-open-job="${j.uuid}" tabindex="0">${openJob(j, `#${j.number}`)} <span class="board-customer">${j.customer}</span></div>`)}
            ${col.visits.length + col.unscheduled.length === 0 ? html`<div class="board-empty">Nothing booked today.</div>` : ''}
          </div>
        </div>`,
    )}
  </div>`;
}

const frame = (id: string, jobUuid: string, title: string, body: Raw, extraClass = '') =>
  html`<div
    class="x-window${extraClass}"
    id="job-window-${id}"
    data-job-uuid="${jobUuid}"
    role="dialog"
    aria-labelledby="job-window-${id}-title"
    tabindex="-1"
  >
    <div class="x-window-header">
      <span class="x-window-header-text" id="job-window-${id}-title">${title}</span>
      <div class="x-tool x-tool-close" role="button" tabindex="0" title="Close" aria-label="Close"></div>
    </div>
    <div class="x-window-body">${body}</div>
  </div>`;

const multiline = (text: string) => text.split('\n').map((line, i) => html`${i > 0 ? html`<br />` : ''}${line}`);

/** A job card window: a header with the job's title, the add-on actions this person sees here, and what the job
 * card shows. */
export function jobWindow(job: JobView, actions: readonly AddonAction[] = []): Raw {
  const field = (label: string, name: string, value: Raw | Raw[] | string) =>
    html`<tr>
      <th>${label}</th>
      <td data-field="${name}">${value}</td>
    </tr>`;
  const contacts = job.contacts.map(
    (c) =>
      html`<div class="job-contact">
        ${`${String(c.first)} ${String(c.last)}`.trim()}
        <span class="contact-detail">${[c.mobile, c.phone, c.email].filter(Boolean).join(' \u00b7 ')}</span>
      </div>`,
  );
  const body = html`${addonActionBar(actions)}
    <table class="x-form job-card">
      ${field('Status', 'status', job.status)} ${field('Client', 'customer', job.customer)}
      ${field('Job address', 'job_address', multiline(job.address))} ${field('Site contact', 'job_contact', contacts)}
      ${field('Description', 'job_description', multiline(job.description))}
      ${field(
        'Badges',
        'badges',
        job.badges.map((b) => html`<span class="badge">${b}</span>`),
      )}
      ${field('Date', 'date', job.date)}
      ${field(
        'Schedule',
        'schedule',
        job.visits.map(
          (v) =>
            html`<div class="job-visit${v.recorded ? ' recorded' : ''}">
              ${v.start.slice(0, 16)}–${v.end.slice(11, 16)} ${v.staff}${v.recorded ? ' (on site)' : ''}
            </div>`,
        ),
      )}
      ${field(
        'Allocated',
        'allocated',
        job.allocations.map((a) => html`<div class="job-allocation">${a.staff}, from ${a.date}</div>`),
      )}
    </table>
    <div class="job-notes" data-field="notes">
      ${job.notes.map(
        (n) =>
          html`<div class="job-note">
            <div class="job-note-meta">${n.date} · ${n.author}</div>
            <div class="job-note-text">${multiline(n.text)}</div>
          </div>`,
      )}
    </div>`;
  return frame(job.uuid, job.uuid, windowTitle(job), body);
}

/** The window for a job that does not exist or that the viewer may not see. */
export function missingJobWindow(jobUuid: string): Raw {
  const id = /^[0-9a-f-]{36}$/.test(jobUuid) ? jobUuid : 'missing';
  return frame(
    id,
    jobUuid,
    'Job not found',
    html`<p class="x-window-message">This job does not exist, or it is not one of yours.</p>`,
    ' x-window-error',
  );
}
