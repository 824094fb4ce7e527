import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { attachPlatformHosts, hasPlatformRefs, HOST_TAG, MARK, pageJobUuid } from './scan';

const A = '0a1b2c3d-0000-4000-8000-000000000001';
const B = '0a1b2c3d-0000-4000-8000-000000000002';

function page(body: string): Document {
  return parseHTML(`<!doctype html><html><body>${body}</body></html>`).document as unknown as Document;
}

describe('platform job references', () => {
  it('puts one shadow host beside each job link, once', () => {
    const doc = page(`<table>
      <tr><td><a class="job-link" data-job-uuid="${A}" href="/jobs/${A}">#1001</a></td></tr>
      <tr><td><a class="job-link" data-job-uuid="${B.toUpperCase()}" href="/jobs/${B}">#1002</a></td></tr>
      <tr><td><a class="job-link" data-job-uuid="not-a-uuid" href="#">#x</a></td></tr>
      <tr><td><a href="/elsewhere">not a job</a></td></tr></table>`);
    expect(hasPlatformRefs(doc)).toBe(true);
    const targets = attachPlatformHosts(doc);
    expect(targets.map((t) => [t.uuid, t.number])).toEqual([[A, null], [B, null]]);
    for (const t of targets) {
      expect(t.host.tagName.toLowerCase()).toBe(HOST_TAG);
      expect(t.host.previousElementSibling?.classList.contains('job-link')).toBe(true);
    }
    // Everything seen is marked (the bad uuid too): the next scan finds nothing and adds nothing.
    expect(doc.querySelectorAll(`a[${MARK}]`).length).toBe(3);
    expect(hasPlatformRefs(doc)).toBe(false);
    expect(attachPlatformHosts(doc)).toEqual([]);
    expect(doc.querySelectorAll(HOST_TAG).length).toBe(2);
  });

  it('puts the job page\'s badge in its heading and knows the page\'s job', () => {
    const doc = page(`<main data-page="job" data-job-uuid="${A}"><h1 class="job-number">Job #1001</h1><p>x</p></main>`);
    expect(pageJobUuid(doc)).toBe(A);
    const [target] = attachPlatformHosts(doc);
    expect(target?.uuid).toBe(A);
    expect(target?.host.parentElement?.tagName.toLowerCase()).toBe('h1');
  });

  it('finds nothing on a page without jobs', () => {
    const doc = page('<main data-page="job-list"><p class="empty">No jobs found.</p></main>');
    expect(hasPlatformRefs(doc)).toBe(false);
    expect(attachPlatformHosts(doc)).toEqual([]);
    expect(pageJobUuid(doc)).toBeNull();
    expect(doc.querySelectorAll(HOST_TAG).length).toBe(0);
  });
});
