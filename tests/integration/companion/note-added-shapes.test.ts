import { describe, expect, it } from 'vitest';
import type { FeedPage } from '../../../server/companion/feed/store/types';
import { bearer } from '../../support/companion/feed-client';
import { useNoteAddedScene, type Shape } from '../../support/companion/note-added-scene';

// A `job.note_added` notification the companion cannot read, in either shape (issue 28): answered 200 whatever it
// is, so it never costs the subscription, changing nothing, and logged by its kind and event name only; and a
// `createdAt` in ISO 8601 read as the webhook time. Against the real emulator, as note-added.test.ts.

const scene = useNoteAddedScene();
const { logs, requests, nextTime, changesOf, newNote, eventOf, notificationsIn, deliver, expectedChange } = scene;

/** An event notification reshaped by a test into something the companion cannot read as a new note. */
type Reshape = (event: Record<string, unknown>, ids: { note: string; job: string; time: string }) => unknown;

describe('an event notification the companion cannot read', () => {
  it.each<[string, Shape, Reshape]>([
    ['an event the companion does not take', 'event-entry', (e) => ({ ...e, eventName: 'job.badge_added' })],
    [
      'a note that is not a uuid',
      'event-entry',
      (e, { job, time }) => ({ ...e, entry: [{ uuid: job, time, note_uuid: 'note-7' }] }),
    ],
    [
      'a job that is not a uuid',
      'event-entry',
      (e, { note, time }) => ({ ...e, entry: [{ uuid: 'Gate code 4411', time, note_uuid: note }] }),
    ],
    [
      'the job under another name',
      'event-entry',
      (e, { note, job, time }) => ({ ...e, entry: [{ time, job_uuid: job, note_uuid: note }] }),
    ],
    ['an event the companion does not take', 'type-data', (e) => ({ ...e, type: 'job.badge_added' })],
    [
      'a note that is not a uuid',
      'type-data',
      (e, { job }) => ({ ...e, data: { uuid: 'note-7', related_object: 'job', related_object_uuid: job } }),
    ],
    [
      'a note on something other than a job',
      'type-data',
      (e, { note, job }) => ({ ...e, data: { uuid: note, related_object: 'company', related_object_uuid: job } }),
    ],
    [
      'no record in data',
      'type-data',
      (e) => ({ id: e.id, type: e.type, createdAt: e.createdAt, data: 'Gate code 4411' }),
    ],
  ])('%s (%s) is answered 200, changes nothing and is logged by name only', async (_name, shape, reshape) => {
    const { note, job } = await newNote();
    const time = nextTime();
    const body = reshape(eventOf(shape, note, job, time), { note, job, time }) as Record<string, unknown>;
    const position = (await (
      await fetch(`${scene.companion.url}/feed`, { headers: bearer(scene.officeToken) })
    ).json()) as FeedPage;
    const before = await requests();
    const logged = logs.length;
    const answer = await deliver(body);
    expect(answer.ok).toBe(true);
    expect(answer.ignored).toMatch(/job\.note_added|event/);
    expect((await requests()) - before).toBe(0);
    const after = (await (
      await fetch(`${scene.companion.url}/feed?after=${position.position}`, { headers: bearer(scene.officeToken) })
    ).json()) as FeedPage;
    expect(after.changes).toEqual([]);
    const lines = logs.slice(logged);
    expect(lines).toEqual([
      {
        level: 'warn',
        webhook: 'ignored',
        kind: 'unexpected-event',
        event: body.eventName ?? body.type,
        count: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(note);
    expect(JSON.stringify(lines)).not.toContain('Gate code');
  });

  it('a body of neither shape is answered 200 and logged by its kind only', async () => {
    const logged = logs.length;
    const answer = await deliver({ kind: 'mystery', note: 'Gate code 4411' });
    expect(answer.ok).toBe(true);
    expect(logs.slice(logged)).toEqual([
      { level: 'warn', webhook: 'ignored', kind: 'unreadable', count: expect.any(Number) },
    ]);
  });

  it("a createdAt in ISO 8601 is read as the webhook time the note's object notification carries", async () => {
    const { note, job } = await newNote();
    const time = nextTime();
    const event = { ...eventOf('type-data', note, job, time), createdAt: `${time.replace(' ', 'T')}.000Z` };
    const object = notificationsIn(note, job, time).object;
    const before = await requests();
    expect(await deliver(event)).toEqual({ ok: true, duplicate: false });
    expect(await deliver(object)).toEqual({ ok: true, duplicate: true });
    expect((await requests()) - before).toBe(0);
    expect(await changesOf(note)).toEqual([expectedChange(note, job, time)]);
  });
});
