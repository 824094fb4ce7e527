import { Hono, type Context } from 'hono';
import type { Rec } from '../data/record-types';
import type { Account, Store } from '../data/store';
import { html, type Raw } from './html';
import { page } from './legacy-page';

const PER_PAGE = 50;

export interface WebDeps {
  store: Store;
}

/**
 * Legacy, removed when the content script moves to the web app (app-routes.ts, on {web_url}): the invented job
 * pages at {base_url}/jobs the extension's content script decorates today, kept unchanged until then. A job list (`/jobs`, paged, search by job number) and job pages
 * (`/jobs/<uuid>`). The markup is stable for the content script: `a.job-link[data-job-uuid]` in lists and
 * `main[data-job-uuid]` on a job page. `?account=<uuid>` picks the account (default: the first).
 */
export function createWebRoutes(deps: WebDeps): Hono {
  const { store } = deps;
  const routes = new Hono();

  const accountOf = (c: Context): Account | undefined => {
    const wanted = c.req.query('account');
    return wanted ? store.account(wanted) : store.accounts[0];
  };
  const withAccount = (c: Context, path: string) => {
    const wanted = c.req.query('account');
    return wanted ? `${path}${path.includes('?') ? '&' : '?'}account=${encodeURIComponent(wanted)}` : path;
  };
  const lookup = (account: Account, type: string) => {
    const coll = store.collection(account, type);
    return (uuid: unknown) => {
      const i = coll.indexOf(String(uuid));
      return i === undefined ? undefined : coll.get(i);
    };
  };

  routes.get('/', (c) => c.redirect(withAccount(c, '/jobs')));

  routes.get('/jobs', (c) => {
    const account = accountOf(c);
    if (!account) return c.html(page('Unknown account', html`<main><p>Unknown account.</p></main>`), 404);
    const q = (c.req.query('q') ?? '').trim().replace(/^#/, '');
    const pageNo = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const jobs = store.collection(account, 'job');
    // Newest first, as the platform lists them; a search matches the job number exactly or by prefix.
    const matches: number[] = [];
    const skip = (pageNo - 1) * PER_PAGE;
    let seen = 0;
    for (let i = jobs.size() - 1; i >= 0 && matches.length <= PER_PAGE; i--) {
      if (q && !String(jobs.field(i, 'generated_job_id')).startsWith(q)) continue;
      if (seen++ >= skip) matches.push(i);
    }
    const more = matches.length > PER_PAGE;
    const company = lookup(account, 'company');
    const rows = matches.slice(0, PER_PAGE).map((i) => {
      const job = jobs.get(i);
      return html`<tr><td><a class="job-link" data-job-uuid="${job.uuid}" href="${withAccount(c, `/jobs/${job.uuid}`)}" data-spa>#${job.generated_job_id}</a></td>
<td class="status">${job.status}</td><td>${company(job.company_uuid)?.name ?? ''}</td><td>${firstLine(job.job_address)}</td></tr>`;
    });
    const link = (n: number, label: string) => html`<a href="${withAccount(c, `/jobs?page=${n}${q ? `&q=${encodeURIComponent(q)}` : ''}`)}" data-spa>${label}</a>`;
    const body = html`<main data-page="job-list">
<h1>Jobs &middot; ${account.info.name}</h1>
<form method="get" action="/jobs" role="search">
${c.req.query('account') ? html`<input type="hidden" name="account" value="${c.req.query('account')}">` : ''}
<label>Job number <input name="q" value="${q}" inputmode="numeric"></label> <button>Search</button>
</form>
<table><thead><tr><th>Job</th><th>Status</th><th>Customer</th><th>Address</th></tr></thead>
<tbody>${rows}</tbody></table>
${rows.length === 0 ? html`<p class="empty">No jobs found.</p>` : ''}
<nav class="pager">${pageNo > 1 ? link(pageNo - 1, 'Previous') : ''}${more ? link(pageNo + 1, 'Next') : ''}</nav>
</main>`;
    return c.html(page(`Jobs - ${account.info.name}`, body));
  });

  routes.get('/jobs/:uuid', (c) => {
    const account = accountOf(c);
    if (!account) return c.html(page('Unknown account', html`<main><p>Unknown account.</p></main>`), 404);
    const job = lookup(account, 'job')(c.req.param('uuid').toLowerCase());
    if (!job) return c.html(page('Job not found', html`<main><p>No such job.</p></main>`), 404);
    return c.html(page(`Job #${job.generated_job_id}`, jobBody(c, account, job, lookup, withAccount)));
  });
  return routes;
}

function firstLine(address: unknown): string {
  return String(address ?? '').split('\n')[0] ?? '';
}

function badgeNames(job: Rec, badge: (uuid: unknown) => Rec | undefined): string[] {
  try {
    const uuids: unknown = JSON.parse(String(job.badges || '[]'));
    return Array.isArray(uuids) ? uuids.map((u) => String(badge(u)?.name ?? u)) : [];
  } catch {
    return [];
  }
}

function jobBody(
  c: Context,
  account: Account,
  job: Rec,
  lookup: (account: Account, type: string) => (uuid: unknown) => Rec | undefined,
  withAccount: (c: Context, path: string) => string,
): Raw {
  const customer = lookup(account, 'company')(job.company_uuid);
  const badges = badgeNames(job, lookup(account, 'badge'));
  return html`<main data-page="job" data-job-uuid="${job.uuid}">
<p><a href="${withAccount(c, '/jobs')}" data-spa>&larr; All jobs</a></p>
<h1 class="job-number">Job #${job.generated_job_id}</h1>
<table>
<tr><th>Status</th><td class="status" data-field="status">${job.status}</td></tr>
<tr><th>Customer</th><td data-field="customer">${customer?.name ?? ''}</td></tr>
<tr><th>Address</th><td data-field="job_address">${String(job.job_address).split('\n').map((line, i) => html`${i > 0 ? html`<br>` : ''}${line}`)}</td></tr>
<tr><th>Badges</th><td data-field="badges">${badges.map((name) => html`<span class="badge">${name}</span>`)}</td></tr>
<tr><th>Description</th><td data-field="job_description">${job.job_description}</td></tr>
<tr><th>Date</th><td data-field="date">${job.date}</td></tr>
</table>
</main>`;
}
