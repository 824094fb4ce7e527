import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { toUuid, type Uuid } from '../../contracts/uuid';
import type { ContentPage } from '../messaging/sender';
import { pageGrantsItem } from '../settings/items';
import { createPageGrants, TICKET_MS, type GrantLimits } from './page-grants';

// The page grants over their real store (storage.session, fakeBrowser): what survives a stopped
// worker, what goes with a closed tab, and that concurrent messages of one page lose nothing.

afterEach(() => fakeBrowser.reset());

/** A job's uuid as the messages' schemas give it (the names here are short, not uuid-shaped: only equality counts). */
const job = (name: string): Uuid => toUuid(name);

const page = (
  tabId: number,
  doc: string,
  kind: ContentPage['kind'] = 'site',
  origin = 'https://mail.example',
): ContentPage => ({ kind, tabId, origin, key: `${tabId}:0:${doc}` });
const limits = (site: number, perSite = 1_000, siteWindowMs = 3_600_000): GrantLimits => ({
  perPage: { platform: 10, site },
  perSite,
  siteWindowMs,
});

describe('page grants', () => {
  it('survive the worker stopping: the page keeps its jobs, and its spent cap stays spent', async () => {
    const tabOpen = { openTabs: async () => new Set([1]) };
    const before = createPageGrants(undefined, { limits: limits(3), ...tabOpen });
    const inbox = page(1, 'doc-1');
    expect((await before.admit(inbox, { uuids: [], numbers: ['1', '2', '3', '4'] })).numbers).toEqual(['1', '2', '3']);
    await before.grant(inbox, [job('aaaa')]);
    // A new worker: a new service over the same storage.session.
    const after = createPageGrants(undefined, { limits: limits(3), ...tabOpen });
    expect(await after.shows(inbox, job('aaaa'))).toBe(true);
    expect((await after.admit(inbox, { uuids: [], numbers: ['5', '6'] })).numbers).toEqual([]);
    expect(await after.admit(inbox, { uuids: [job('aaaa'), job('bbbb')], numbers: ['2'] })).toEqual({
      uuids: ['aaaa'],
      numbers: ['2'],
    });
  });

  it('lose nothing when one page sends several messages at once', async () => {
    const grants = createPageGrants();
    const web = page(2, 'doc-2', 'platform');
    await Promise.all(Array.from({ length: 20 }, (_, i) => grants.grant(web, [job(`job-${i}`)])));
    expect(
      await grants.shownOf(
        web.key,
        Array.from({ length: 20 }, (_, i) => `job-${i}`),
      ),
    ).toHaveLength(20);
  });

  it('stay with a page granted after the open tabs were listed (its tab may be newer than the list)', async () => {
    let time = 0;
    let listed: () => void = () => {};
    const grants = createPageGrants(undefined, {
      now: () => ++time,
      openTabs: () => new Promise((resolve) => (listed = () => resolve(new Set()))),
    });
    const looking = grants.forgetClosedTabs();
    await grants.grant(page(9, 'new-tab'), [job('job')]);
    listed();
    await looking;
    expect(await grants.shows(page(9, 'new-tab'), job('job'))).toBe(true);
  });

  it('go with a closed tab (found when a page next asks, at most once a minute), and a tab keeps only its latest pages', async () => {
    let time = 0;
    const open = new Set([3, 4]);
    const grants = createPageGrants(undefined, { now: () => ++time, openTabs: async () => open });
    for (let i = 0; i < 12; i++) await grants.grant(page(3, `doc-${i}`), [job('job')]);
    await grants.grant(page(4, 'other'), [job('job')]);
    expect(await grants.shows(page(3, 'doc-0'), job('job'))).toBe(false);
    expect(await grants.shows(page(3, 'doc-1'), job('job'))).toBe(false);
    expect(await grants.shows(page(3, 'doc-2'), job('job'))).toBe(true);
    expect(await grants.shows(page(3, 'doc-11'), job('job'))).toBe(true);
    await grants.forgetClosedTabs(); // the first look: every tab is open
    expect(await grants.shows(page(3, 'doc-11'), job('job'))).toBe(true);
    open.delete(3);
    await grants.forgetClosedTabs(); // within the minute: not looked for again
    expect(await grants.shows(page(3, 'doc-11'), job('job'))).toBe(true);
    time += 60_000;
    await grants.forgetClosedTabs();
    expect(await grants.shows(page(3, 'doc-11'), job('job'))).toBe(false);
    expect(await grants.shows(page(4, 'other'), job('job'))).toBe(true);
  });

  it("count an added site's pages together: a reload is a new page, not a new cap, until the hour is over", async () => {
    let time = 0;
    const grants = createPageGrants(undefined, { now: () => time, limits: limits(3, 5, 60_000) });
    const numbers = (from: number) => Array.from({ length: 4 }, (_, i) => String(from + i));
    expect((await grants.admit(page(5, 'load-1'), { uuids: [], numbers: numbers(100) })).numbers).toEqual([
      '100',
      '101',
      '102',
    ]);
    // Reloaded (a new page): two more new numbers fit the site's five, the rest do not.
    expect((await grants.admit(page(5, 'load-2'), { uuids: [], numbers: numbers(200) })).numbers).toEqual([
      '200',
      '201',
    ]);
    // Numbers the site asked before cost nothing again; another tab of the site shares the count.
    expect((await grants.admit(page(6, 'other-tab'), { uuids: [], numbers: ['100', '300'] })).numbers).toEqual(['100']);
    // The web app is not an added site: its pages have only their own cap.
    expect(
      (await grants.admit(page(7, 'web', 'platform', 'https://go.example'), { uuids: [], numbers: numbers(400) }))
        .numbers,
    ).toHaveLength(4);
    // An hour on, the site may ask again.
    time += 60_000;
    expect((await grants.admit(page(5, 'load-3'), { uuids: [], numbers: numbers(500) })).numbers).toEqual([
      '500',
      '501',
      '502',
    ]);
  });

  it('open a panel with a fresh ticket for one frame of its tab, even after the worker stopped; the tab takes it along', async () => {
    let time = 0;
    const web = page(8, 'doc-8', 'platform');
    const open = new Set([8]);
    const before = createPageGrants(undefined, { now: () => time, openTabs: async () => open });
    await before.openPanel(web, job('job-a'), 'ticket-a');
    await before.openPanel(web, job('job-b'), 'ticket-b');
    const frame = { key: '8:3:frame', tabId: 8 };
    // A new worker: the tickets are where it left them.
    const grants = createPageGrants(undefined, { now: () => time, openTabs: async () => open });
    expect(await grants.panel('ticket-a', frame)).toEqual({ jobUuid: 'job-a', kind: 'platform' });
    expect(await grants.panel('ticket-a', frame)).toEqual({ jobUuid: 'job-a', kind: 'platform' });
    expect(await grants.panel('ticket-a', { key: '8:4:frame', tabId: 8 })).toBeNull();
    // Not shown by any frame in time: it opens nothing.
    time += TICKET_MS + 1;
    expect(await grants.panel('ticket-b', frame)).toBeNull();
    expect(await grants.panel('no-such-ticket', frame)).toBeNull();
    // A frame that holds its panel keeps it; the tab's closing ends it.
    expect(await grants.panel('ticket-a', frame)).toEqual({ jobUuid: 'job-a', kind: 'platform' });
    open.delete(8);
    await grants.forgetClosedTabs();
    expect(await grants.panel('ticket-a', frame)).toBeNull();
  });

  it('match a grant an older version stored with its uuids in capitals: they are read lower-cased', async () => {
    const JOB = '0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D';
    const web = page(10, 'doc-10', 'platform');
    await pageGrantsItem.setValue({
      pages: {
        [web.key]: {
          kind: 'platform',
          tabId: 10,
          since: 0,
          numbers: [],
          jobs: [JOB],
          panels: [{ ticket: 'ticket-c', jobUuid: JOB, issued: 0, frame: null }],
        },
      },
      sites: {},
    });
    const grants = createPageGrants(undefined, { now: () => 1, openTabs: async () => new Set([10]) });
    const lower = toUuid(JOB);
    expect(lower).toBe('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
    expect(await grants.shows(web, lower)).toBe(true);
    expect(await grants.admit(web, { uuids: [lower], numbers: [] })).toEqual({ uuids: [lower], numbers: [] });
    expect(await grants.shownOf(web.key, [JOB, 'ffffffff-ffff-4fff-8fff-ffffffffffff'])).toEqual([JOB]);
    expect(await grants.panel('ticket-c', { key: '10:1:frame', tabId: 10 })).toEqual({
      jobUuid: lower,
      kind: 'platform',
    });
  });
});
