import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../../contracts/companion-paths';
import { ON_MY_WAY_NOTE } from '../../../contracts/job-actions';
import { accountTimestamp } from '../../../server/companion/addon/account-clock';
import { ADDON_EVENTS } from '../../../server/companion/addon/events';
import type { JobActionAnswer } from '../../../server/companion/addon/job-action-answer';
import type { PhotoAnswer } from '../../../server/companion/addon/photo-upload';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { activateAccount, personOf, platformEvent, postEvent } from '../../support/companion/addon-platform';
import { buildAddonScene, type AddonScene } from '../../support/companion/addon-scene';
import { untilQuiet } from '../../support/companion/quiet';

// Acting on the job from the platform's own job card (issue 32), against the real companion and emulator: "On my
// way", "Arrived", "Done" and completing the job as the follow-up `fieldside_job_action`, and photos sent by the
// panel to the companion with the upload ticket its HTML carries. Each is written as the staff member the platform's
// signed event names (never what the args or the form say), once however often the same follow-up or photo is sent
// (one after another, at once, after a lost answer), and time on site is what the platform records: a job activity
// with activity_was_recorded 1, its start and end the account's local time.

let stack: DevStack;
let scene: AddonScene;
let zone: string | null;
let adminToken: string;

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);

beforeAll(async () => {
  // The panel's writes are under test, not the feed: changes are read as they come (not collected or held for the
  // minute's share), so no list read of the feed's takes a fault meant for a write.
  stack = await startDevStack({ emulator: { jobs: 40, quiet: true }, companionDeps: { holdChanges: false } });
  expect((await activateAccount(stack, stack.emulator.info.accounts[0]!)).status).toBe(200);
  scene = await buildAddonScene(stack.emulator.info, stack.emulator.control);
  await stack.emulator.control.setRateLimit(10_000, 100_000);
  const admin = personOf(stack.emulator.info.accounts[0]!, 'administrator');
  adminToken = (await stack.emulator.control.issueTokens(scene.account, admin.uuid, ['vendor', 'read_attachments']))
    .access_token;
  const vendor = (await (await api('vendor.json')).json()) as { timezone_name?: string }[];
  zone = vendor[0]?.timezone_name ?? null;
});
afterEach(() => stack.emulator.control.clearFaults());
afterAll(() => stack?.close());

const api = (path: string) =>
  fetch(`${stack.emulator.info.base_url}/api_1.0/${path}`, { headers: { authorization: `Bearer ${adminToken}` } });

const event = (eventName: string, eventArgs: Record<string, unknown>, staff = scene.technician.uuid) =>
  platformEvent(stack.emulator.info.app.client_secret, { account: scene.account, staff, eventName, eventArgs });

async function answerOf(token: string): Promise<JobActionAnswer> {
  const { status, response } = await postEvent(stack.companion.url, token);
  expect(status).toBe(200);
  return JSON.parse(response) as JobActionAnswer;
}
const act = async (action: string, uuid: string, staff = scene.technician.uuid, jobUUID = scene.job.uuid) =>
  answerOf(await event(ADDON_EVENTS.jobAction, { jobUUID, action, uuid }, staff));

async function panel(staff = scene.technician.uuid, place: 'web' | 'phone' = 'web'): Promise<string> {
  const name = place === 'web' ? ADDON_EVENTS.web : ADDON_EVENTS.phone;
  return (await postEvent(stack.companion.url, await event(name, { jobUUID: scene.job.uuid }, staff))).response;
}
const attr = (page: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(page)?.[1] ?? '';

const records = (type: string) => stack.emulator.control.listRecords(scene.account, type);
/** Time on site recorded on the scene's job today (the seed recorded some on earlier days). */
const timeOnSite = async () =>
  (await records('jobactivity')).filter(
    (a) =>
      a.job_uuid === scene.job.uuid &&
      Number(a.activity_was_recorded) === 1 &&
      Number(a.active) !== 0 &&
      String(a.start_date).startsWith(accountTimestamp(Date.now(), zone).slice(0, 10)),
  );
/** The account's clock now, in seconds since its midnight (for "about now"). */
const secondsOf = (stamp: string) => {
  const [h, m, s] = stamp.slice(11).split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
};
const aboutNow = (stamp: unknown) => {
  const now = accountTimestamp(Date.now(), zone);
  expect(String(stamp).slice(0, 10)).toBe(now.slice(0, 10));
  expect(Math.abs(secondsOf(String(stamp)) - secondsOf(now))).toBeLessThanOrEqual(5);
};

async function sendPhoto(
  page: string,
  uuid: string,
  extra: Record<string, string> = {},
  bytes: Uint8Array<ArrayBuffer> = PNG,
): Promise<{ status: number; answer: PhotoAnswer; headers: Headers }> {
  const form = new FormData();
  form.append(
    'ticket',
    attr(page, 'data-ticket').replace(/&#([0-9]+);/g, (_, n) => String.fromCharCode(Number(n))),
  );
  form.append('uuid', uuid);
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'Meter.png');
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  const res = await fetch(`${stack.companion.url}${COMPANION_PATHS.addonPhoto}`, {
    method: 'POST',
    body: form,
    headers: { origin: 'null' },
  });
  return { status: res.status, answer: (await res.json()) as PhotoAnswer, headers: res.headers };
}

describe("the visit from the job card, as the platform's signed staff member", () => {
  it('On my way, Arrived, Done and complete: one note, one recorded activity from arrival to leaving, the status; each sent twice and at once', async () => {
    const first = await panel();
    expect(attr(first, 'data-arrived')).toBe('');
    expect(first).toContain('id="act-arrived"');

    const note = crypto.randomUUID();
    const onTheWay = await event(ADDON_EVENTS.jobAction, { jobUUID: scene.job.uuid, action: 'on-my-way', uuid: note });
    const answers = [await answerOf(onTheWay), ...(await Promise.all([answerOf(onTheWay), answerOf(onTheWay)]))];
    expect(answers[0]).toMatchObject({
      ok: true,
      note: { uuid: note, text: ON_MY_WAY_NOTE, author: scene.technician.name },
    });
    for (const a of answers)
      expect(a).toMatchObject({ ok: true, visit: { onTheWayAt: expect.stringMatching(/^\d{2}:\d{2}$/) } });
    const notes = (await records('note')).filter(
      (n) => n.related_object_uuid === scene.job.uuid && n.note === ON_MY_WAY_NOTE,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ uuid: note, edit_by_staff_uuid: scene.technician.uuid });

    const activity = crypto.randomUUID();
    const arrive = await event(ADDON_EVENTS.jobAction, { jobUUID: scene.job.uuid, action: 'arrived', uuid: activity });
    const arrived = [await answerOf(arrive), ...(await Promise.all([answerOf(arrive), answerOf(arrive)]))];
    for (const a of arrived)
      expect(a).toMatchObject({
        ok: true,
        visit: { activityUUID: activity, arrivedAt: expect.stringMatching(/^\d{2}:\d{2}$/), leftAt: '' },
      });
    // Pressed again in another window (a new uuid) while on site: still one.
    expect(await act('arrived', crypto.randomUUID())).toMatchObject({ ok: true, visit: { activityUUID: activity } });
    let onSite = await timeOnSite();
    expect(onSite).toHaveLength(1);
    expect(onSite[0]).toMatchObject({
      uuid: activity,
      staff_uuid: scene.technician.uuid,
      activity_was_recorded: expect.anything(),
    });
    expect(Number(onSite[0]!.activity_was_scheduled)).toBe(0);
    expect(onSite[0]!.end_date).toBe(onSite[0]!.start_date);
    aboutNow(onSite[0]!.start_date);

    // A panel opened later knows they are on site.
    const later = await panel(scene.technician.uuid, 'phone');
    expect(attr(later, 'data-activity')).toBe(activity);
    expect(attr(later, 'data-left')).toBe('');

    await new Promise((r) => setTimeout(r, 1100));
    const leave = await event(ADDON_EVENTS.jobAction, { jobUUID: scene.job.uuid, action: 'done', uuid: activity });
    const left = await answerOf(leave);
    expect(left).toMatchObject({
      ok: true,
      visit: { activityUUID: activity, leftAt: expect.stringMatching(/^\d{2}:\d{2}$/) },
    });
    const end = (await timeOnSite())[0]!.end_date;
    expect(end).not.toBe(onSite[0]!.start_date);
    aboutNow(end);
    // The same "Done" again, a second later: the end stays when they left.
    await new Promise((r) => setTimeout(r, 1100));
    await Promise.all([answerOf(leave), answerOf(leave)]);
    onSite = await timeOnSite();
    expect(onSite).toHaveLength(1);
    expect(onSite[0]!.end_date).toBe(end);

    const complete = await event(ADDON_EVENTS.jobAction, {
      jobUUID: scene.job.uuid,
      action: 'complete',
      uuid: crypto.randomUUID(),
    });
    expect(await answerOf(complete)).toMatchObject({ ok: true, visit: { completed: true } });
    expect(await answerOf(complete)).toMatchObject({ ok: true, visit: { completed: true } });
    expect((await records('job')).find((j) => j.uuid === scene.job.uuid)?.status).toBe('Completed');
    expect(attr(await panel(), 'data-completed')).toBe('true');
  });

  it('writes the arrival once when the platform took it but the answer was lost, and the panel retried with the same uuid', async () => {
    const visible = await stack.emulator.control.visibleJobUuids(scene.account, scene.technician.uuid);
    const jobUUID = visible.find((uuid) => uuid !== scene.job.uuid)!;
    const uuid = crypto.randomUUID();
    await untilQuiet(stack); // every change so far read and published
    // The seeded day may already hold time on site for that job (it is laid out around the clock's hour): only what
    // this arrival adds is counted.
    const recordedOn = async (job: string) =>
      (await records('jobactivity')).filter((a) => a.job_uuid === job && Number(a.activity_was_recorded) === 1);
    const before = (await recordedOn(jobUUID)).map((a) => a.uuid);
    await stack.emulator.control.injectFault({
      kind: 'lose_answer',
      pathPrefix: '/api_1.0/jobactivity.json',
      count: 1,
    });
    const lost = await act('arrived', uuid, scene.technician.uuid, jobUUID);
    expect(lost).toEqual({
      ok: false,
      message: 'The platform could not be reached, so this is not saved yet. Try again in a moment.',
    });
    expect(await act('arrived', uuid, scene.technician.uuid, jobUUID)).toMatchObject({
      ok: true,
      visit: { activityUUID: uuid },
    });
    const added = (await recordedOn(jobUUID)).filter((a) => !before.includes(a.uuid));
    expect(added.map((a) => a.uuid)).toEqual([uuid]);
  });

  it('undoes "Mark the job complete": the status it had is put back, once; only a press that completed it says what to put back', async () => {
    const visible = await stack.emulator.control.visibleJobUuids(scene.account, scene.technician.uuid);
    const jobUUID = visible.find((uuid) => uuid !== scene.job.uuid)!;
    await stack.emulator.control.updateRecord(scene.account, 'job', jobUUID, { status: 'Quote' });
    const statusOf = async () => (await records('job')).find((j) => j.uuid === jobUUID)?.status;
    const command = (action: string, extra: Record<string, unknown> = {}) =>
      event(ADDON_EVENTS.jobAction, { jobUUID, action, uuid: crypto.randomUUID(), ...extra });

    const completing = await command('complete');
    expect(await answerOf(completing)).toMatchObject({
      ok: true,
      visit: { completed: true },
      status: 'Completed',
      reopenAs: 'Quote',
    });
    expect(await statusOf()).toBe('Completed');
    // The same press again (its answer lost): it completed nothing this time, so it offers nothing to undo.
    const again = await answerOf(completing);
    expect(again).toMatchObject({ ok: true, visit: { completed: true } });
    expect(again).not.toHaveProperty('reopenAs');

    const undo = await command('reopen', { reopenAs: 'Quote' });
    const undone = [await answerOf(undo), ...(await Promise.all([answerOf(undo), answerOf(undo)]))];
    for (const a of undone) expect(a).toMatchObject({ ok: true, visit: { completed: false }, status: 'Quote' });
    expect(await statusOf()).toBe('Quote');

    // Reopened by the office as a Work Order before the undo came: the undo changes nothing.
    expect(await answerOf(await command('complete'))).toMatchObject({ reopenAs: 'Quote' });
    await stack.emulator.control.updateRecord(scene.account, 'job', jobUUID, { status: 'Work Order' });
    expect(await answerOf(await command('reopen', { reopenAs: 'Quote' }))).toMatchObject({ ok: true });
    expect(await statusOf()).toBe('Work Order');

    // Reopened and completed again by the office before the undo came: the office's completion stands, in words.
    expect(await answerOf(await command('complete'))).toMatchObject({ reopenAs: 'Work Order' });
    await stack.emulator.control.updateRecord(scene.account, 'job', jobUUID, { status: 'Quote' });
    await stack.emulator.control.updateRecord(scene.account, 'job', jobUUID, { status: 'Completed' });
    // The refusal carries the visit as it stands (complete), so the window drops its Undo.
    expect(await answerOf(await command('reopen', { reopenAs: 'Work Order' }))).toMatchObject({
      ok: false,
      message:
        'Someone else marked this job complete after you did, so Fieldside did not reopen it. Ask the office whether it should be open again.',
      visit: { completed: true },
    });
    expect(await statusOf()).toBe('Completed');
    await stack.emulator.control.updateRecord(scene.account, 'job', jobUUID, { status: 'Work Order' });

    // An undo that names no status, or "Completed", puts back a Work Order; one that names no known status is refused.
    await answerOf(await command('complete'));
    expect(await answerOf(await command('reopen'))).toMatchObject({ ok: true, visit: { completed: false } });
    expect(await statusOf()).toBe('Work Order');
    await answerOf(await command('complete'));
    await answerOf(await command('reopen', { reopenAs: 'Completed' }));
    expect(await statusOf()).toBe('Work Order');
    await answerOf(await command('complete'));
    expect(await answerOf(await command('reopen', { reopenAs: 'Invoiced' }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('Fieldside could not tell what to save.'),
    });
    expect(await statusOf()).toBe('Completed');
  });

  it('"Done" pressed right after "Arrived" (within its second) still ends the time on site: the end is after the start', async () => {
    const activity = crypto.randomUUID();
    expect(await act('arrived', activity)).toMatchObject({ ok: true, visit: { activityUUID: activity, leftAt: '' } });
    expect(await act('done', activity)).toMatchObject({ ok: true, visit: { leftAt: expect.stringMatching(/\d/) } });
    const held = (await timeOnSite()).find((a) => a.uuid === activity)!;
    expect(String(held.end_date) > String(held.start_date)).toBe(true);
    // Opened again, the panel reads the visit as over, not as still on site.
    expect(attr(await panel(), 'data-left')).not.toBe('');
  });

  it('"Arrived again" is the visit also when a time on site already over starts later today (a clock ahead wrote it)', async () => {
    const now = accountTimestamp(Date.now(), zone);
    const today = now.slice(0, 10);
    // A visit over, recorded from a phone whose clock was ten minutes ahead (kept within today).
    const ahead = (minutes: number) => {
      const stamp = accountTimestamp(Date.now() + minutes * 60_000, zone);
      return stamp.startsWith(today) ? stamp : `${today} 23:59:5${minutes > 10 ? 9 : 8}`;
    };
    const left = ahead(20);
    const earlier = await stack.emulator.control.createRecord(scene.account, 'jobactivity', {
      job_uuid: scene.job.uuid,
      staff_uuid: scene.technician.uuid,
      start_date: ahead(10),
      end_date: left,
      activity_was_recorded: 1,
      activity_was_scheduled: 0,
    });
    expect(attr(await panel(), 'data-activity')).toBe(earlier);
    const again = crypto.randomUUID();
    // On site again: its own time on site is the visit, with "Done" next (not "Arrived again" once more).
    expect(await act('arrived', again)).toMatchObject({ ok: true, visit: { activityUUID: again, leftAt: '' } });
    expect(attr(await panel(), 'data-activity')).toBe(again);
    expect(attr(await panel(), 'data-left')).toBe('');
    expect(await act('done', again)).toMatchObject({ ok: true });
    const held = await timeOnSite();
    expect(
      String(held.find((a) => a.uuid === again)?.end_date) > String(held.find((a) => a.uuid === again)?.start_date),
    ).toBe(true);
    expect(held.find((a) => a.uuid === earlier)?.end_date).toBe(left);
  });

  it("is the signed person's whoever the args name: even the administrator's event cannot close the technician's time on site", async () => {
    const activity = crypto.randomUUID();
    expect(await act('arrived', activity)).toMatchObject({ ok: true });
    const before = (await timeOnSite()).find((a) => a.uuid === activity)!;
    await new Promise((r) => setTimeout(r, 1100));
    const office = await answerOf(
      await event(
        ADDON_EVENTS.jobAction,
        { jobUUID: scene.job.uuid, action: 'done', uuid: activity, staffUUID: scene.technician.uuid },
        personOf(stack.emulator.info.accounts[0]!, 'administrator').uuid,
      ),
    );
    expect(office).toEqual({
      ok: false,
      message: 'Fieldside could not save this. Close this window and open Fieldside from the job card again.',
    });
    expect((await timeOnSite()).find((a) => a.uuid === activity)!.end_date).toBe(before.end_date);
    expect(await act('done', activity)).toMatchObject({ ok: true, visit: { leftAt: expect.stringMatching(/\d/) } });
  });

  it.each([
    ['"Done" before arriving', { action: 'done' }, 'Press “Arrived” when you get there first.'],
    ['an action Fieldside does not know', { action: 'teleport' }, 'Fieldside could not tell what to save.'],
    ['a uuid that is none', { uuid: 'retry-1' }, 'Fieldside could not tell what to save.'],
    ['a job uuid that is none', { jobUUID: "1' or '1'='1" }, 'Fieldside could not tell what to save.'],
  ])('refuses %s in words and writes nothing', async (_, change, words) => {
    const before = (await records('jobactivity')).length;
    const answer = await answerOf(
      await event(ADDON_EVENTS.jobAction, {
        jobUUID: scene.job.uuid,
        action: 'arrived',
        uuid: crypto.randomUUID(),
        ...change,
      }),
    );
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.message).toContain(words);
    expect((await records('jobactivity')).length).toBe(before);
  });

  it('says so when the technician may not change that job, and writes nothing', async () => {
    const before = (await records('jobactivity')).length;
    expect(await act('arrived', crypto.randomUUID(), scene.technician.uuid, scene.hiddenJob)).toMatchObject({
      ok: false,
    });
    expect((await records('jobactivity')).length).toBe(before);
  });
});

describe('photos from the job card', () => {
  const photosNamed = async (uuid: string) => (await records('attachment')).filter((a) => a.uuid === uuid);

  it.each(['replace', 'refuse'] as const)(
    'land once as the signed technician, with their file, however often they are sent (a second upload would %s)',
    async (mode) => {
      await stack.emulator.control.setSwitches({ attachmentReupload: mode });
      const page = await panel(scene.technician.uuid, 'phone');
      expect(page).toContain('accept="image/*" capture="environment"');
      const uuid = crypto.randomUUID();
      // The upload's answer is lost once: the panel's retry sends the same uuid.
      await untilQuiet(stack); // every change so far read and published
      await stack.emulator.control.injectFault({
        kind: 'lose_answer',
        pathPrefix: `/api_1.0/attachment/${uuid}.file`,
        count: 1,
      });
      const lost = await sendPhoto(page, uuid);
      expect(lost.answer).toEqual({
        ok: false,
        message: 'The platform could not be reached, so the photo is not sent yet. Try again in a moment.',
      });
      expect(lost.headers.get('access-control-allow-origin')).toBe('*');
      const sent = [
        await sendPhoto(page, uuid),
        ...(await Promise.all([sendPhoto(page, uuid), sendPhoto(page, uuid)])),
      ];
      for (const s of sent)
        expect(s).toMatchObject({ status: 200, answer: { ok: true, photo: { uuid, name: 'Meter.png' } } });
      const held = await photosNamed(uuid);
      expect(held).toHaveLength(1);
      expect(held[0]).toMatchObject({
        related_object: 'job',
        related_object_uuid: scene.job.uuid,
        file_type: '.png',
        created_by_staff_uuid: scene.technician.uuid,
      });
      const file = await api(`attachment/${uuid}.file`);
      expect(file.status).toBe(200);
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);
      await stack.emulator.control.setSwitches({ attachmentReupload: 'replace' });
    },
  );

  it('take the person and the job from the ticket only: what the form says is not heard, and a forged ticket sends nothing', async () => {
    const page = await panel();
    const uuid = crypto.randomUUID();
    const sent = await sendPhoto(page, uuid, {
      staff: scene.office.uuid,
      staffUUID: scene.office.uuid,
      jobUUID: scene.hiddenJob,
    });
    expect(sent.answer.ok).toBe(true);
    expect((await photosNamed(uuid))[0]).toMatchObject({
      related_object_uuid: scene.job.uuid,
      created_by_staff_uuid: scene.technician.uuid,
    });

    const forged = crypto.randomUUID();
    const ticket = attr(page, 'data-ticket');
    const [h, p] = ticket.split('.');
    const claims = JSON.parse(atob(p!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    const other = btoa(JSON.stringify({ ...claims, staff: scene.office.uuid }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    for (const bad of [`${h}.${other}.${ticket.split('.')[2]}`, 'x', '']) {
      const form = new FormData();
      form.append('ticket', bad);
      form.append('uuid', forged);
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'Meter.png');
      const res = await fetch(`${stack.companion.url}${COMPANION_PATHS.addonPhoto}`, { method: 'POST', body: form });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        ok: false,
        message: 'This window can no longer send photos: close this window and open Fieldside from the job card again.',
      });
    }
    expect(await photosNamed(forged)).toHaveLength(0);
  });

  it('refuses an empty file and what is not a photo or PDF, in words; the preflight admits the panel’s opaque origin', async () => {
    const page = await panel();
    const empty = await sendPhoto(page, crypto.randomUUID(), {}, new Uint8Array());
    expect(empty).toMatchObject({
      status: 400,
      answer: { ok: false, message: 'This file is empty: choose the photo again.' },
    });
    const form = new FormData();
    form.append('ticket', attr(page, 'data-ticket'));
    form.append('uuid', crypto.randomUUID());
    form.append('file', new Blob(['#!/bin/sh'], { type: 'application/x-sh' }), 'run.sh');
    const script = await fetch(`${stack.companion.url}${COMPANION_PATHS.addonPhoto}`, { method: 'POST', body: form });
    expect(await script.json()).toEqual({ ok: false, message: 'Only photos and PDF files can be added here.' });

    const preflight = await fetch(`${stack.companion.url}${COMPANION_PATHS.addonPhoto}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
