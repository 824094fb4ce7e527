// The web app at {web_url} over HTTP: sign-in, the shell's structure, job windows by address, fragments, who
// sees what, escaping. (app-browser.test.ts drives the page's script in a real browser.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, StaffInfo } from '../contracts';
import { startEmulator, type StartedEmulator } from '../start';
import { signIn, windowsIn, type WebSession } from './web-test-support';

type Rec = Record<string, string | number>;
let emu: StartedEmulator;
let account: AccountInfo;
let office: StaffInfo;
let technician: StaffInfo;
let web: WebSession;
let jobs: Rec[];
const companyName = async (job: Rec) =>
  String((await emu.control.listRecords(account.uuid, 'company')).find((c) => c.uuid === job.company_uuid)?.name ?? '');

beforeAll(async () => {
  emu = await startEmulator({ jobs: 300, seed: 31, quiet: true });
  account = emu.info.accounts[0]!;
  office = account.staff.find((s) => s.role === 'office')!;
  technician = account.staff.find((s) => s.role === 'technician' && s.active)!;
  web = await signIn(emu.info.web_url, account, office);
  jobs = (await emu.control.listRecords(account.uuid, 'job')) as Rec[];
});
afterAll(() => emu.close());

describe('signing in', () => {
  it('sends a browser that is not signed in to the sign-in page, keeping where it was going', async () => {
    const res = await fetch(`${emu.info.web_url}/job/${jobs[0]!.uuid}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent(`/job/${jobs[0]!.uuid}`)}`);
    const page = await (await fetch(`${emu.info.web_url}${res.headers.get('location')}`)).text();
    expect(page).toContain('<select id="person" name="person" required>');
    expect(page).toContain(`value="${account.uuid}:${technician.uuid}"`);
    expect(page).not.toContain(account.staff.find((s) => !s.active)!.uuid);
    for (const path of ['/app/jobs', '/app/board', `/app/job/${jobs[0]!.uuid}`])
      expect((await fetch(`${emu.info.web_url}${path}`)).status).toBe(401);
  });

  it('refuses an unknown or inactive person, and follows only paths on its own origin', async () => {
    const post = (person: string, next = '/') =>
      fetch(`${emu.info.web_url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ person, next }),
      });
    expect((await post('nobody')).status).toBe(400);
    expect((await post(`${account.uuid}:${account.staff.find((s) => !s.active)!.uuid}`)).status).toBe(400);
    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/job\r\nSet-Cookie: x=1']) {
      expect((await post(`${account.uuid}:${office.uuid}`, next)).headers.get('location')).toBe('/');
    }
  });

  it('is the same login the consent page uses, and signs out', async () => {
    const authorize = `/oauth/authorize?response_type=code&client_id=${emu.info.app.client_id}&scope=read_jobs`;
    const session = await signIn(emu.info.web_url, account, technician);
    const consent = await session.get(authorize);
    expect(consent.html).toContain(`value="${account.uuid}:${technician.uuid}" selected`);
    const out = await fetch(`${emu.info.web_url}/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: session.cookie },
    });
    expect(out.headers.get('location')).toBe('/login');
    expect((await session.get('/')).status).toBe(303);
  });
});

describe('the shell', () => {
  it('is an ExtJS-like viewport with the job list and the dispatch board, for whoever signed in', async () => {
    const page = await web.get('/');
    expect(page.status).toBe(200);
    for (const part of [
      'class="x-viewport"',
      'id="job-list-panel"',
      'id="dispatch-board-panel"',
      'id="windows"',
      '<script src="/app/app.js">',
    ]) {
      expect(page.html).toContain(part);
    }
    expect(page.html).toContain(`<span class="x-toolbar-text app-user" id="signed-in-as">${office.name}</span>`);
    const rows = [...page.html.matchAll(/<div class="x-grid-row" data-job-uuid="([^"]+)"/g)].map((m) => m[1]);
    expect(rows).toHaveLength(50);
    expect(rows[0]).toBe(jobs.at(-1)!.uuid);
    const lanes = [...page.html.matchAll(/class="x-panel board-lane" data-staff-uuid="([^"]+)"/g)].map((m) => m[1]);
    expect(lanes.sort()).toEqual(
      account.staff
        .filter((s) => s.active && (s.role === 'technician' || s.role === 'subcontractor'))
        .map((s) => s.uuid)
        .sort(),
    );
    expect(page.html).toMatch(/class="board-item board-visit"/);
    expect(page.html).toMatch(/class="board-item board-unscheduled"/);
    expect((await fetch(`${emu.info.web_url}/app/app.js`)).headers.get('content-type')).toMatch(/javascript/);
  });

  it('pages and searches the job list as fragments', async () => {
    const second = await web.get('/app/jobs?page=2');
    expect([...second.html.matchAll(/class="x-grid-row"/g)]).toHaveLength(50);
    const wanted = String(jobs[10]!.generated_job_id);
    const found = await web.get(`/app/jobs?q=${encodeURIComponent(`#${wanted}`)}`);
    expect([...found.html.matchAll(/data-open-job="([^"]+)" tabindex/g)].map((m) => m[1])).toEqual([jobs[10]!.uuid]);
  });
});

describe('job windows', () => {
  it('open from /job/<uuid> and /job?uuid=<uuid>, titled with the job number and the client', async () => {
    const job = jobs[42]!;
    const title = `Job #${job.generated_job_id} \u2013 ${await companyName(job)}`;
    for (const path of [`/job/${job.uuid}`, `/job?uuid=${job.uuid}`, `/job/${String(job.uuid).toUpperCase()}`]) {
      const page = await web.get(path);
      expect(page.status, path).toBe(200);
      expect(windowsIn(page.html), path).toEqual([{ jobUuid: job.uuid, title }]);
    }
    // The hash forms never reach the server: the page's script opens those (app-browser.test.ts).
    expect(windowsIn((await web.get('/')).html)).toEqual([]);
    const fragment = await web.get(`/app/job/${job.uuid}`);
    expect(windowsIn(fragment.html)).toEqual([{ jobUuid: job.uuid, title }]);
    expect(fragment.html).toMatch(/^<div\s+class="x-window"\s+id="job-window-/);
  });

  it('show the job card: status, client, site contact, badges by name, schedule, notes', async () => {
    const contact = (await emu.control.listRecords(account.uuid, 'jobcontact'))[0]!;
    const job = jobs.find((j) => j.uuid === contact.job_uuid)!;
    const vip = (await emu.control.listRecords(account.uuid, 'badge')).find((b) => b.name === 'VIP')!;
    await emu.control.updateRecord(account.uuid, 'job', String(job.uuid), { badges: JSON.stringify([vip.uuid]) });
    const html = (await web.get(`/app/job/${job.uuid}`)).html;
    expect(html).toContain(`<td data-field="status">${job.status}</td>`);
    expect(html).toContain(`${contact.first} ${contact.last}`);
    expect(html).toContain('<span class="badge">VIP</span>');
    expect(html).toMatch(/<div class="job-visit[^"]*">\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(html).toMatch(/<div class="job-note">/);
  });

  it('answer 404 with an error window for a job that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const page = await web.get(`/job/${missing}`);
    expect(page.status).toBe(404);
    expect(windowsIn(page.html)).toEqual([{ jobUuid: missing, title: 'Job not found' }]);
    expect((await web.get(`/app/job/${missing}`)).status).toBe(404);
  });

  it('show a technician only their own jobs, as the platform does', async () => {
    const session = await signIn(emu.info.web_url, account, technician);
    const mine = new Set(await emu.control.visibleJobUuids(account.uuid, technician.uuid));
    const listed = [...(await session.get('/')).html.matchAll(/<div class="x-grid-row" data-job-uuid="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((uuid) => mine.has(uuid))).toBe(true);
    const theirs = jobs.find((j) => !mine.has(String(j.uuid)))!;
    expect((await session.get(`/app/job/${theirs.uuid}`)).status).toBe(404);
    const lanes = [...(await session.get('/app/board')).html.matchAll(/data-staff-uuid="([^"]+)"/g)].map((m) => m[1]);
    expect(lanes).toEqual([technician.uuid]);
  });

  it('escape everything they show', async () => {
    const job = jobs[7]!;
    await emu.control.updateRecord(account.uuid, 'job', String(job.uuid), {
      job_description: '<img src=x onerror="alert(1)">',
    });
    const html = (await web.get(`/app/job/${job.uuid}`)).html;
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });
});

describe('the two origins', () => {
  it('keep the web app off base_url: no page lives on the REST host', async () => {
    expect((await fetch(`${emu.info.base_url}/job/${jobs[0]!.uuid}`)).status).toBe(404);
    expect((await fetch(`${emu.info.base_url}/jobs/${jobs[0]!.uuid}`)).status).toBe(404);
    expect((await fetch(`${emu.info.base_url}/`)).status).toBe(404);
  });
});
