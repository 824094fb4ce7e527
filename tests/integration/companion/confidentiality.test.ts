import { describe, expect, it } from 'vitest';
import { callbackKey, signCallbackToken } from '../../../server/companion/feed/index';
import type { FeedChange } from '../../../contracts/companion-http';
import type { DevStack } from '../../../server/development/dev-stack';
import type { AccountInfo, StaffInfo, Switches } from '../../../server/emulator/contracts';
import { activatedAccount } from '../../support/companion/addon-platform';
import { openStream, postJson } from '../../support/companion/feed-client';
import { signInBrowser, type TrustedBrowser } from '../../support/companion/trusted-browser';
import { platformRequestsWhenQuiet } from '../../support/companion/quiet';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// Issue 29, finding 3: a record read with the account's authority reaches only people the platform lets see it. An
// office edit of a job a technician may not see must reach the technician's feed without its record; a browser the
// platform did not vouch for never gets a record; and a notification alone (anyone in the account can list the
// callback URLs) makes the companion read and publish nothing. Under every position of the emulator's switches
// tokenView and impersonation (FIDELITY.md), against the real companion and emulator.

const POSITIONS: Array<Pick<Switches, 'tokenView' | 'impersonation'>> = [
  { tokenView: 'account', impersonation: 'widens' },
  { tokenView: 'account', impersonation: 'narrows' },
  { tokenView: 'grantor', impersonation: 'widens' },
  { tokenView: 'grantor', impersonation: 'narrows' },
];

describe.each(POSITIONS)('under tokenView $tokenView, impersonation $impersonation', (switches) => {
  let stack: DevStack;
  let account: AccountInfo;
  let quiet: AccountInfo;
  let admin: StaffInfo;
  let office: StaffInfo;
  let technician: StaffInfo;
  let readers: Array<{ name: string; browser: TrustedBrowser; staff: StaffInfo | undefined }>;
  let theirs: string;
  let hidden: string;
  const platformRequests = () => platformRequestsWhenQuiet(stack);

  /** Whether the platform shows `job` to `staff`: a read as them, with the administrator's own token. */
  async function platformShows(staff: string, job: string): Promise<boolean> {
    const { access_token } = await stack.emulator.control.issueTokens(account.uuid, admin.uuid, ['read_jobs']);
    const res = await fetch(`${stack.emulator.info.base_url}/api_1.0/job/${job}.json`, {
      headers: { authorization: `Bearer ${access_token}`, 'x-impersonate-uuid': staff },
    });
    await res.body?.cancel();
    return res.status === 200;
  }

  setUpFile(async (own) => {
    stack = own(await startQuietStack({ emulator: { jobs: 60, quiet: true, ...switches } }));
    [account, quiet] = stack.emulator.info.accounts as [AccountInfo, AccountInfo];
    ({ admin, office, technician, theirs, hidden } = await activatedAccount(stack, account));
    const pairedTech = await signInBrowser(stack, { account: account.uuid, staff: technician.uuid });
    await pairedTech.pairAs(technician.uuid, theirs);
    const pairedOffice = await signInBrowser(stack, { account: account.uuid, staff: office.uuid });
    await pairedOffice.pairAs(office.uuid, theirs);
    // A technician who only said who they are: nobody vouched for them.
    const declared = await signInBrowser(stack, { account: account.uuid, staff: technician.uuid });
    // The one who chose the administrator on the consent page, and was never paired.
    const claimsAdmin = await signInBrowser(stack, { account: account.uuid, staff: admin.uuid });
    readers = [
      { name: 'the paired technician', browser: pairedTech, staff: technician },
      { name: 'the paired office', browser: pairedOffice, staff: office },
      { name: 'a self-declared technician', browser: declared, staff: undefined },
      { name: 'an unpaired browser that signed in as the administrator', browser: claimsAdmin, staff: undefined },
    ];
  });

  it('an office edit reaches every reader, its record only those the platform lets see the job', async () => {
    const streams = await Promise.all(
      readers.map(async (r) => {
        const s = await openStream(
          `${stack.companion.url}/feed/stream?after=0`,
          r.browser.tokens.access_token,
          r.browser.headers(),
        );
        expect(s.res.status).toBe(200);
        return s;
      }),
    );
    try {
      // Several edits of both jobs, each in a second of its own (the platform's notifications carry only the
      // second), so the companion has asked the platform about everyone by the last ones.
      for (let i = 0; i < 3; i++) {
        for (const job of [hidden, theirs]) {
          await stack.emulator.control.updateRecord(account.uuid, 'job', job, {
            job_description: `Edit ${i} of ${job}`,
          });
          await stack.emulator.control.advanceClock(2);
        }
      }
      const arrived = (s: (typeof streams)[number], job: string) =>
        s.changes().filter((c) => c.uuid === job && c.object === 'job').length >= 3;
      for (const s of streams) await s.until(() => arrived(s, hidden) && arrived(s, theirs), 15_000);

      let delivered = 0;
      for (const [i, reader] of readers.entries()) {
        for (const change of streams[i]!.changes() as FeedChange[]) {
          expect(change).not.toHaveProperty('visible_to');
          expect(change).not.toHaveProperty('unchecked');
          if (change.record === undefined) continue;
          delivered++;
          expect(reader.staff, `${reader.name} got a record`).toBeDefined();
          expect(await platformShows(reader.staff!.uuid, change.uuid), `${reader.name}: ${change.uuid}`).toBe(true);
          expect(change.yours).toBe('record');
        }
      }
      // The technician's view never carried the hidden job's description; the office's did.
      const techHidden = streams[0]!.changes().filter((c) => c.uuid === hidden);
      expect(techHidden.every((c) => c.record === undefined && (c as FeedChange).yours === 'none')).toBe(true);
      const officeHidden = streams[1]!.changes().filter((c) => c.uuid === hidden);
      expect(officeHidden.some((c) => c.record !== undefined)).toBe(true);
      expect(delivered).toBeGreaterThan(0);
      // The same, caught up with /feed.
      const page = (await (
        await fetch(`${stack.companion.url}/feed?after=0`, { headers: readers[0]!.browser.headers() })
      ).json()) as { changes: FeedChange[] };
      expect(page.changes.filter((c) => c.uuid === hidden).every((c) => c.record === undefined)).toBe(true);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('a notification alone reads and publishes nothing: 50 forged to the callback URL cost the platform nothing', async () => {
    const key = await callbackKey(stack.companionEnv.SIGNING_SECRET!);
    const before = await platformRequests();
    const position = (
      (await (
        await fetch(`${stack.companion.url}/feed?after=0`, { headers: readers[1]!.browser.headers() })
      ).json()) as {
        position: string;
      }
    ).position;
    for (const target of [account, quiet]) {
      const url = `${stack.companion.url}/webhooks/${await signCallbackToken(key, target.uuid, 0)}`;
      for (let i = 0; i < 25; i++) {
        const forged = {
          object: 'job',
          entry: [{ changed_fields: ['status'], time: '2026-11-21 07:00:00', uuid: i % 2 ? hidden : theirs }],
          resource_url: `${stack.emulator.info.base_url}/api_1.0/job/${hidden}.json`,
        };
        const res = await postJson(url, {
          ...forged,
          entry: [{ ...forged.entry[0]!, time: `2026-11-21 07:00:${String(i).padStart(2, '0')}` }],
        });
        // An activated account takes its changes signed only; another takes it as a poke.
        expect(res.status).toBe(target === account ? 410 : 200);
      }
    }
    expect((await platformRequests()) - before).toBe(0);
    const after = (await (
      await fetch(`${stack.companion.url}/feed?after=${position}`, { headers: readers[1]!.browser.headers() })
    ).json()) as { changes: FeedChange[] };
    expect(after.changes).toEqual([]);
  });
});
