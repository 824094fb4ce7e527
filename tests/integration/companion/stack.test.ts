import { describe, expect, it } from 'vitest';
import type { DevStack } from '../../../server/development/dev-stack';
import type { FeedChange } from '../../../contracts/companion-http';
import { activateAccount, personOf } from '../../support/companion/addon-platform';
import { signInBrowser } from '../../support/companion/trusted-browser';
import { startQuietStack } from '../../support/companion/quiet-stack';
import { setUpFile } from '../../support/set-up-file';

// The composed companion against the real emulator: an administrator activates Fieldside, browsers sign in through
// the OAuth routes (each token with its pass) and register the change feed, a technician pairs from the job card,
// the office changes a job, the platform posts the change signed through the add-on's manifest webhook, and it shows
// in every browser's feed: with its record in the feed of a staff member the platform vouched for and lets see the
// job, as a bare change in the others'. The account has no Webhooks-API subscription at all.

let stack: DevStack;

setUpFile(async (own) => {
  stack = own(await startQuietStack({ emulator: { jobs: 50, quiet: true } }));
});

describe('OAuth, pairing and the change feed behind one companion', () => {
  it('signed-in browsers register the feed, and an office change reaches them, its record only the paired technician', async () => {
    const { companion, emulator } = stack;
    const account = emulator.info.accounts[0]!;
    const technician = personOf(account, 'technician');
    expect((await activateAccount(stack, account)).status).toBe(200);
    const job = (await emulator.control.visibleJobUuids(account.uuid, technician.uuid))[0]!;

    const paired = await signInBrowser(stack, { account: account.uuid, staff: technician.uuid });
    await paired.pairAs(technician.uuid, job);
    const declared = await signInBrowser(stack, { account: account.uuid, staff: technician.uuid });
    const administrator = await signInBrowser(stack, {
      account: account.uuid,
      staff: personOf(account, 'administrator').uuid,
    });
    const positions = new Map<object, string>();
    for (const b of [paired, declared, administrator]) {
      const registered = await fetch(`${companion.url}/feed/register`, { method: 'POST', headers: b.headers() });
      expect(registered.status).toBe(200);
      const reply = (await registered.json()) as {
        account_uuid: string;
        position: string;
        manages_subscriptions: boolean;
      };
      expect(reply.account_uuid).toBe(account.uuid);
      expect(reply.manages_subscriptions).toBe(false);
      positions.set(b, reply.position);
    }
    expect(emulator.webhooks.subscriptions()).toEqual([]);

    // Twice, so the companion has asked the platform whether the technician may see it by the second.
    for (const text of ['Changed by the office', 'Changed again by the office']) {
      await emulator.control.updateRecord(account.uuid, 'job', job, { job_description: text });
      await emulator.control.advanceClock(2);
    }
    const changesOf = async (b: typeof paired): Promise<FeedChange[]> => {
      for (let i = 0; i < 100; i++) {
        const feed = await fetch(`${companion.url}/feed?after=${encodeURIComponent(positions.get(b)!)}`, {
          headers: b.headers(),
        });
        expect(feed.status).toBe(200);
        const changes = ((await feed.json()) as { changes: FeedChange[] }).changes.filter((c) => c.uuid === job);
        if (changes.length === 2) return changes;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the changes did not arrive');
    };
    const mine = await changesOf(paired);
    expect(mine[1]).toMatchObject({ yours: 'record', record: { job_description: 'Changed again by the office' } });
    for (const b of [declared, administrator])
      expect((await changesOf(b)).every((c) => c.yours === 'none' && c.record === undefined)).toBe(true);
  });
});
