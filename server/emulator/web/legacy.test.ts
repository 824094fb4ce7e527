import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../contracts';
import { startEmulator } from '../start';

let emu: RunningEmulator;
let accountUuid: string;
const get = async (path: string) => {
  const res = await fetch(`${emu.info.base_url}${path}`);
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') };
};
const jobLinks = (html: string) => [...html.matchAll(/<a class="job-link" data-job-uuid="([^"]+)" href="([^"]+)"[^>]*>#(\d+)<\/a>/g)];

beforeAll(async () => {
  emu = await startEmulator({ jobs: 120, seed: 2, quiet: true });
  accountUuid = emu.info.accounts[0]!.uuid;
});
afterAll(() => emu.close());

describe('legacy job pages at {base_url}/jobs (until the content script moves to the web app)', () => {
  it('lists jobs with stable job-link markup, 50 a page, newest first', async () => {
    const page = await get('/jobs');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    const links = jobLinks(page.html);
    expect(links).toHaveLength(50);
    expect(links[0]![3]).toBe('1120');
    expect(links[0]![2]).toBe(`/jobs/${links[0]![1]}`);
    const next = jobLinks((await get('/jobs?page=3')).html);
    expect(next).toHaveLength(20);
  });

  it('searches by job number', async () => {
    const links = jobLinks((await get('/jobs?q=%231105')).html);
    expect(links.map((l) => l[3])).toEqual(['1105']);
    expect((await get('/jobs?q=99999')).html).toContain('No jobs found');
  });

  it('shows a job page with number, status, customer, address and badges by name', async () => {
    const jobs = await emu.control.listRecords(accountUuid, 'job');
    const badges = await emu.control.listRecords(accountUuid, 'badge');
    const job = jobs[7]!;
    const vip = badges.find((b) => b.name === 'VIP')!;
    await emu.control.updateRecord(accountUuid, 'job', String(job.uuid), { badges: JSON.stringify([vip.uuid]) });
    const page = await get(`/jobs/${job.uuid}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`<main data-page="job" data-job-uuid="${job.uuid}">`);
    expect(page.html).toContain(`Job #${job.generated_job_id}`);
    expect(page.html).toContain(`>${job.status}<`);
    expect(page.html).toContain('<span class="badge">VIP</span>');
    const company = (await emu.control.listRecords(accountUuid, 'company')).find((c) => c.uuid === job.company_uuid)!;
    expect(page.html).toContain(String(company.name).replace(/&/g, '&#38;').replace(/'/g, '&#39;'));
  });

  it('escapes everything it shows', async () => {
    const [job] = await emu.control.listRecords(accountUuid, 'job');
    await emu.control.updateRecord(accountUuid, 'job', String(job!.uuid), { job_description: '<script>alert("x")</script>' });
    const page = await get(`/jobs/${job!.uuid}`);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
  });

  it('picks the account with ?account= and keeps it in links; 404 for unknown jobs and accounts', async () => {
    const other = emu.info.accounts[1]!;
    const page = await get(`/jobs?account=${other.uuid}`);
    expect(page.html).toContain(other.name.replace(/&/g, '&#38;'));
    expect(jobLinks(page.html)[0]![2]).toContain(`account=${other.uuid}`);
    expect((await get('/jobs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/jobs?account=nope')).status).toBe(404);
  });

  it('has in-page navigation that swaps <main> with history.pushState', async () => {
    const page = await get('/');
    expect(page.html).toContain('history.pushState');
    expect(page.html).toMatch(/data-spa/);
  });
});
