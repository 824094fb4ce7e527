import type { ControlClient, EmulatorInfo } from '../../../server/emulator/contracts';
import { startDevStack, type DevStack } from '../../../server/development/dev-stack';
import { activateAccount, personOf } from './addon-platform';

// A job as a technician meets it: allocated to them, with two of the account's badges and notes written by
// several people on several days (one of them with markup in its text, which must stay text). For the companion's
// add-on tests and the add-on benchmark.

export interface AddonScene {
  account: string;
  technician: { uuid: string; name: string };
  office: { uuid: string; name: string };
  job: { uuid: string; number: string; address: string; status: string };
  badgeNames: string[];
  /** Newest first, as the panel shows them. */
  notes: { uuid: string; text: string; author: string }[];
  /** A job of the account the technician may not see. */
  hiddenJob: string;
}

const NOTE_TEXTS = [
  'Customer asked for a quote on the second bathroom too.',
  'Replaced the flexi hose under the kitchen sink; leak stopped. <b>Check again</b> in a week & call if it drips.',
  'Gate code 4411. Dog is friendly but keep the side gate shut.',
];

export async function buildAddonScene(info: EmulatorInfo, control: ControlClient, extraNotes = 0): Promise<AddonScene> {
  const account = info.accounts[0]!;
  const technician = personOf(account, 'technician');
  const office = personOf(account, 'office');
  const visible = await control.visibleJobUuids(account.uuid, technician.uuid);
  const jobs = await control.listRecords(account.uuid, 'job');
  const job = jobs.find((j) => visible.includes(String(j.uuid)) && Number(j.active) === 1)!;
  const hidden = jobs.find((j) => !visible.includes(String(j.uuid)) && Number(j.active) === 1)!;
  const badges = (await control.listRecords(account.uuid, 'badge')).filter((b) => Number(b.active) === 1).slice(0, 2);
  await control.updateRecord(account.uuid, 'job', String(job.uuid), {
    badges: JSON.stringify(badges.map((b) => b.uuid)),
  });

  // Written through the platform's API as their authors (impersonated), a minute apart on the platform's clock, the
  // oldest first, so the first text is the newest.
  const admin = personOf(account, 'administrator');
  const { access_token: token } = await control.issueTokens(account.uuid, admin.uuid, [
    'read_job_notes',
    'publish_job_notes',
  ]);
  const texts = [
    ...NOTE_TEXTS,
    ...Array.from(
      { length: extraNotes },
      (_, i) => `Earlier visit ${i + 1}: checked the hot water system, pressure fine.`,
    ),
  ];
  const written: { uuid: string; text: string; author: string }[] = [];
  for (const [i, text] of [...texts.entries()].reverse()) {
    const author = i % 2 === 0 ? technician : office;
    const uuid = crypto.randomUUID();
    const res = await fetch(`${info.base_url}/api_1.0/note.json`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-impersonate-uuid': author.uuid,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ uuid, related_object: 'job', related_object_uuid: job.uuid, note: text }),
    });
    if (!res.ok) throw new Error(`the platform refused a note: ${res.status} ${await res.text()}`);
    written.unshift({ uuid, text, author: author.name });
    await control.advanceClock(61);
  }
  return {
    account: account.uuid,
    technician: { uuid: technician.uuid, name: technician.name },
    office: { uuid: office.uuid, name: office.name },
    job: {
      uuid: String(job.uuid),
      number: String(job.generated_job_id),
      address: String(job.job_address),
      status: String(job.status),
    },
    badgeNames: badges.map((b) => String(b.name)),
    notes: written,
    hiddenJob: String(hidden.uuid),
  };
}

/** The dev stack with every seeded account's Fieldside activated, and the technician's scene in the first; the
 * companion reads the time from `now` (tests move it to age pairing codes). */
export async function startActivatedAddonStack(now: () => number): Promise<{ stack: DevStack; scene: AddonScene }> {
  const stack = await startDevStack({ emulator: { jobs: 40, quiet: true }, companionDeps: { now } });
  for (const account of stack.emulator.info.accounts) {
    const { status } = await activateAccount(stack, account);
    if (status !== 200) {
      await stack.close();
      throw new Error(`activating ${account.name} answered ${status}`);
    }
  }
  return { stack, scene: await buildAddonScene(stack.emulator.info, stack.emulator.control) };
}
