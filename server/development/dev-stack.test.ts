// The development stack registers the companion's add-on with the emulator: the manifest the companion declares,
// its events posted to the companion's event URL, and its Activation URL behind the web app's Add-ons page.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../contracts/companion-http';
import { signIn } from '../emulator/web/web-test-support';
import { startDevStack, type DevStack } from './dev-stack';

let stack: DevStack;
beforeAll(async () => {
  stack = await startDevStack({ emulator: { jobs: 20, quiet: true } });
});
afterAll(() => stack?.close());

describe('the development stack', () => {
  it("hosts the companion's add-on: its event URL, and its manifest's actions on the job window once the account activated it", async () => {
    const { emulator, companion } = stack;
    expect(emulator.info.app.addon_event_url).toBe(`${companion.url}${COMPANION_PATHS.addonEvent}`);
    const manifest = JSON.parse(
      readFileSync(resolve(import.meta.dirname, '../companion/addon-manifest.json'), 'utf8'),
    ) as {
      actions: Array<{ type: string; event: string }>;
    };
    const account = emulator.info.accounts[0]!;
    const office = account.staff.find((s) => s.role === 'office')!;
    await emulator.control.issueTokens(account.uuid, office.uuid, ['read_jobs']);
    const web = await signIn(emulator.info.web_url, account, office);
    const job = String((await emulator.control.listRecords(account.uuid, 'job'))[0]!.uuid);
    const shown = [...(await web.get(`/app/job/${job}`)).html.matchAll(/data-addon-event="([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(manifest.actions.filter((a) => a.type === 'online').map((a) => a.event.toLowerCase()));
    expect(shown.length).toBeGreaterThan(0);
  });

  it("gives the web app's Add-ons page the companion's Activation URL, so an administrator of a new account can activate it", async () => {
    const { emulator, companion } = stack;
    const activationUrl = `${companion.url}${COMPANION_PATHS.activation}`;
    expect(emulator.info.app.addon_activation_url).toBe(activationUrl);
    const account = emulator.info.accounts[1]!;
    const admin = account.staff.find((s) => s.role === 'administrator')!;
    const page = (await (await signIn(emulator.info.web_url, account, admin)).get('/addons')).html;
    const button =
      /<a class="x-btn addon-store-activate" id="addon-store-activate" href="([^"]*)"\s*>\s*([^<]*?)\s*<\/a/.exec(page);
    expect(button?.slice(1)).toEqual([activationUrl, 'Activate']);
  });
});
