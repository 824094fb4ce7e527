import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADDON_EVENTS } from '../../../server/companion/addon/events';
import type { AddNoteAnswer } from '../../../server/companion/addon/note-answer';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { activateAccount, platformEvent, postEvent } from '../../support/companion/addon-platform';
import { buildAddonScene, type AddonScene } from '../../support/companion/addon-scene';
import { untilQuiet } from '../../support/companion/quiet';

// "Add a note" in the panel: the follow-up event `fieldside_add_note`, signed by the platform with the args the
// panel passed to invoke (the documented event object: no iat, no id of its own). The note must be the platform's
// record of the SIGNED staff member, written once however often the same follow-up is sent (the answer lost and the
// panel retrying, or the very same token again), and refused in words when the args are wrong. Every answer is a
// 200 `{"eventResponse": <the answer as JSON text>}`, which invoke() hands the panel.

let stack: DevStack;
let scene: AddonScene;

beforeAll(async () => {
  // The panel's writes are under test, not the feed: changes are read as they come (not collected or held for the
  // minute's share), so no list read of the feed's takes a fault meant for a write.
  stack = await startDevStack({ emulator: { jobs: 40, quiet: true }, companionDeps: { holdChanges: false } });
  expect((await activateAccount(stack, stack.emulator.info.accounts[0]!)).status).toBe(200);
  scene = await buildAddonScene(stack.emulator.info, stack.emulator.control);
  await stack.emulator.control.setRateLimit(10_000, 100_000);
});
afterEach(() => stack.emulator.control.clearFaults());
afterAll(() => stack?.close());

const followUp = (args: Record<string, unknown>, staff = scene.technician.uuid) =>
  platformEvent(stack.emulator.info.app.client_secret, {
    account: scene.account,
    staff,
    eventName: ADDON_EVENTS.addNote,
    eventArgs: args,
  });

async function send(token: string): Promise<{ status: number; answer: AddNoteAnswer }> {
  const { status, response } = await postEvent(stack.companion.url, token);
  return { status, answer: JSON.parse(response) as AddNoteAnswer };
}

const addNote = async (args: Record<string, unknown>, staff = scene.technician.uuid) =>
  send(await followUp(args, staff));

const notesWithUuid = async (uuid: string) =>
  (await stack.emulator.control.listRecords(scene.account, 'note')).filter((n) => n.uuid === uuid);

describe('adding a note from the panel', () => {
  it('writes it as the signed technician and answers it for the top of the list; the next panel shows it first', async () => {
    const uuid = crypto.randomUUID();
    const { status, answer } = await addNote({
      jobUUID: scene.job.uuid,
      uuid,
      note: '  Left a card: nobody home at 2pm.  ',
    });
    expect(status).toBe(200);
    expect(answer).toEqual({
      ok: true,
      note: {
        uuid,
        text: 'Left a card: nobody home at 2pm.',
        author: scene.technician.name,
        when: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/),
      },
    });
    const [stored] = await notesWithUuid(uuid);
    expect(stored).toMatchObject({
      related_object: 'job',
      related_object_uuid: scene.job.uuid,
      note: 'Left a card: nobody home at 2pm.',
      edit_by_staff_uuid: scene.technician.uuid,
    });

    const panel = await postEvent(
      stack.companion.url,
      await platformEvent(stack.emulator.info.app.client_secret, {
        account: scene.account,
        staff: scene.technician.uuid,
        eventName: ADDON_EVENTS.web,
        eventArgs: { jobUUID: scene.job.uuid },
      }),
    );
    const first =
      /<ol id="notes" class="notes">\s*<li>\s*<p class="meta">[^<]*<\/p>\s*<p class="text">([^<]*)<\/p>/.exec(
        panel.response,
      )?.[1];
    expect(first).toBe('Left a card: nobody home at 2pm.');
  });

  it("is the signed person's note whoever the args would name: the office manager's event writes the office manager's note", async () => {
    const uuid = crypto.randomUUID();
    const { answer } = await addNote(
      { jobUUID: scene.job.uuid, uuid, note: 'Invoice sent.', staffUUID: scene.technician.uuid },
      scene.office.uuid,
    );
    expect(answer.ok).toBe(true);
    expect((await notesWithUuid(uuid))[0]?.edit_by_staff_uuid).toBe(scene.office.uuid);
  });

  it('writes once when the platform took the note but its answer was lost, and the panel retried with the same uuid', async () => {
    const uuid = crypto.randomUUID();
    await untilQuiet(stack); // every change so far read and published
    await stack.emulator.control.injectFault({ kind: 'lose_answer', pathPrefix: '/api_1.0/note.json', count: 1 });
    const lost = await addNote({ jobUUID: scene.job.uuid, uuid, note: 'Ordered the part.' });
    expect(lost.answer).toEqual({
      ok: false,
      message:
        'The platform could not be reached, so the note is not saved yet. Your text is still here: try again in a moment.',
    });
    expect(await notesWithUuid(uuid)).toHaveLength(1);

    const retried = await addNote({ jobUUID: scene.job.uuid, uuid, note: 'Ordered the part.' });
    expect(retried.answer).toMatchObject({ ok: true, note: { uuid, text: 'Ordered the part.' } });
    expect(await notesWithUuid(uuid)).toHaveLength(1);
  });

  it.each(['update', 'refuse', 'duplicate'] as const)(
    'writes it once however often the very same follow-up is sent, one after another or at once (uuidReuse %s)',
    async (uuidReuse) => {
      await stack.emulator.control.setUuidReuse(uuidReuse);
      try {
        const uuid = crypto.randomUUID();
        const token = await followUp({ jobUUID: scene.job.uuid, uuid, note: `Pressure held at 3 bar (${uuidReuse})` });
        const answers = [await send(token), await send(token), ...(await Promise.all([send(token), send(token)]))];
        for (const { status, answer } of answers) {
          expect(status).toBe(200);
          expect(answer).toMatchObject({ ok: true, note: { uuid, text: `Pressure held at 3 bar (${uuidReuse})` } });
        }
        expect(await notesWithUuid(uuid)).toHaveLength(1);
        expect(
          (await stack.emulator.control.listRecords(scene.account, 'note')).filter(
            (n) => n.note === `Pressure held at 3 bar (${uuidReuse})`,
          ),
        ).toHaveLength(1);
      } finally {
        await stack.emulator.control.setUuidReuse('update');
      }
    },
  );

  it.each([
    ['an empty note', { note: '   ' }, 'Write the note first: an empty note is not saved.'],
    [
      'a note over 4,000 characters',
      { note: 'x'.repeat(4001) },
      'This note is too long: keep it under 4000 characters.',
    ],
    ['no job uuid', { jobUUID: undefined }, 'Fieldside could not tell which job this note is for.'],
    ['a job uuid that is none', { jobUUID: "1' or '1'='1" }, 'Fieldside could not tell which job this note is for.'],
    ['a note uuid that is none', { uuid: 'retry-1' }, 'Fieldside could not tell which job this note is for.'],
  ])('refuses %s in words and writes nothing', async (_, change, words) => {
    const before = (await stack.emulator.control.listRecords(scene.account, 'note')).length;
    const { status, answer } = await addNote({
      jobUUID: scene.job.uuid,
      uuid: crypto.randomUUID(),
      note: 'A note.',
      ...change,
    });
    expect(status).toBe(200);
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.message).toContain(words);
    expect((await stack.emulator.control.listRecords(scene.account, 'note')).length).toBe(before);
  });

  it('says so in words, keeping nothing half-written, when the platform turns the note down', async () => {
    const uuid = crypto.randomUUID();
    await untilQuiet(stack); // every change so far read and published
    await stack.emulator.control.injectFault({
      kind: 'status',
      status: 400,
      pathPrefix: '/api_1.0/note.json',
      count: 1,
    });
    const { answer } = await addNote({ jobUUID: scene.job.uuid, uuid, note: 'A note the platform refuses.' });
    expect(answer).toEqual({
      ok: false,
      message:
        'The platform did not accept this note. Your text is still here: change it and try again, or tell the office if it keeps happening.',
    });
    expect(await notesWithUuid(uuid)).toHaveLength(0);
  });

  it('says so when the technician may not add notes to that job, and writes nothing', async () => {
    const uuid = crypto.randomUUID();
    const { answer } = await addNote({ jobUUID: scene.hiddenJob, uuid, note: 'Not my job.' });
    expect(answer).toEqual({
      ok: false,
      message:
        'The platform does not let you add notes to this job. If it should be yours, ask the office to assign it to you.',
    });
    expect(await notesWithUuid(uuid)).toHaveLength(0);
  });
});
