import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { HOST_TAG } from './scan';
import { attachTextHosts, findJobMentions } from './text-scan';

function page(body: string): Document {
  return parseHTML(`<!doctype html><html><body>${body}</body></html>`).document as unknown as Document;
}

describe('job mentions in text', () => {
  it('finds "Job #1234" and its spellings, and skips code, scripts and form fields', () => {
    const doc = page(`<p>Re: Job #1234 and job no. 77, JOB NUMBER 5 - but not jobs 9 or #12</p>
      <script>var s = "Job #666"</script><textarea>Job #667</textarea><code>Job #668</code>
      <div><span>job # 1235</span></div>`);
    expect(findJobMentions(doc.body, doc).map((m) => m.number)).toEqual(['1234', '77', '5', '1235']);
  });

  it('puts a host right after each mention, keeps the text, and never decorates twice', () => {
    const doc = page('<p id="p">See Job #1234 and Job #99 today</p>');
    const targets = attachTextHosts(doc.body, doc);
    expect(targets.map((t) => t.number)).toEqual(['1234', '99']);
    const p = doc.getElementById('p')!;
    expect(p.textContent).toBe('See Job #1234 and Job #99 today');
    expect([...p.childNodes].map((n) => (n.nodeType === 3 ? n.textContent : n.nodeName.toLowerCase()))).toEqual([
      'See Job #1234',
      HOST_TAG,
      ' and Job #99',
      HOST_TAG,
      ' today',
    ]);
    expect(attachTextHosts(doc.body, doc)).toEqual([]);
    expect(doc.querySelectorAll(HOST_TAG).length).toBe(2);
  });

  it('stops at its limits on a huge page', () => {
    const doc = page(Array.from({ length: 300 }, (_, i) => `<p>Job #${i + 1}</p>`).join(''));
    expect(findJobMentions(doc.body, doc, { maxNodes: 100_000, maxMatches: 200 })).toHaveLength(200);
    expect(findJobMentions(doc.body, doc, { maxNodes: 50, maxMatches: 200 })).toHaveLength(50);
  });
});
