import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Workspace } from '../workspace/workspace';
import { readDraft } from './draft';
import { DRAFT_LIFE_MS, MAX_DRAFTS, createDraftStore } from './draft-store';
import { createNewJobService } from './service';

// A new job's draft outlives the worker that kept it: the browser stops an idle worker after half a minute, and the
// person fills the form in for longer than that (a caller on the line, the consent page for "Allow creating jobs").
// The form's next read of its draft (after the consent page) is answered by a new worker.

beforeEach(() => fakeBrowser.reset());

const draft = (text: string) => readDraft({ from: 'selection', text });

describe("new jobs' drafts", () => {
  it('a draft kept by one worker is read by the next, until the form is done with it', async () => {
    let clock = 1_000;
    const opened: string[] = [];
    const signedOut = { key: async () => null } as unknown as Workspace;
    const deps = {
      workspace: signedOut,
      openForm: async (id: string) => void opened.push(id),
      resume: () => undefined,
      phoneKey: () => null,
      typedPhoneKey: () => null,
      phoneShown: () => null,
      now: () => clock,
    };
    await createNewJobService(deps).open({ from: 'selection', text: 'Gutter cleaning, two storeys' });
    // The worker was stopped; a new one answers the form ten minutes later.
    clock += 10 * 60_000;
    const next = createNewJobService(deps);
    expect(await next.draft(opened[0]!)).toMatchObject({ description: 'Gutter cleaning, two storeys' });
    clock += DRAFT_LIFE_MS;
    await expect(next.draft(opened[0]!)).rejects.toThrow(/no longer here/);
  });

  it('keeps a few at a time, the oldest going first, and two kept together are both kept', async () => {
    let clock = 0;
    const store = createDraftStore(() => clock++);
    await Promise.all([store.keep('a', draft('first')), store.keep('b', draft('second'))]);
    expect((await store.get('a'))?.description).toBe('first');
    expect((await store.get('b'))?.description).toBe('second');
    for (let i = 0; i < MAX_DRAFTS; i++) await store.keep(`n${i}`, draft(`job ${i}`));
    expect(await store.get('a')).toBeNull();
    expect(await store.get('b')).toBeNull();
    expect((await store.get(`n${MAX_DRAFTS - 1}`))?.description).toBe(`job ${MAX_DRAFTS - 1}`);
    expect((await store.get('n0'))?.description).toBe('job 0');
  });

  it('a draft in another shape (an older version) is no draft, and the store goes on', async () => {
    await fakeBrowser.storage.session.set({ newJobDrafts: { x: { at: 'yesterday' } } });
    const store = createDraftStore(() => 0);
    expect(await store.get('x')).toBeNull();
    await store.keep('y', draft('next'));
    expect((await store.get('y'))?.description).toBe('next');
  });
});
