// The web app's Add-ons page over HTTP: the registered add-on with the right state and the right offer for each
// role and account, and plain words where there is nothing to click.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountInfo, StaffInfo } from '../contracts';
import type { EmulatorOptions } from '../options';
import { startEmulator, type StartedEmulator } from '../start';
import { TEST_MANIFEST } from '../addons/test-addon';
import { decodeEntities, signIn } from './web-test-support';

const ACTIVATION_URL = 'http://127.0.0.1:9/activate?from=store&x=1';
const decode = decodeEntities;
const textOf = (page: string, id: string) => {
  const m = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</(?:p|h2|a)\\s*>`).exec(page);
  // As a person reads it: tags gone, the template's line breaks and indentation one space.
  return m
    ? decode(m[1]!.replace(/<[^>]*>/g, ''))
        .replace(/\s+/g, ' ')
        .trim()
    : undefined;
};
const activateHref = (page: string) => {
  const m = /<a [^>]*id="addon-store-activate" href="([^"]*)"/.exec(page);
  return m ? decode(m[1]!) : undefined;
};

interface Scene {
  emu: StartedEmulator;
  /** Activated the add-on (its administrator consented). */
  active: AccountInfo;
  /** Never activated it. */
  inactive: AccountInfo;
}
const role = (account: AccountInfo, r: StaffInfo['role']) => account.staff.find((s) => s.role === r && s.active)!;
const pageFor = async (emu: StartedEmulator, account: AccountInfo, staff: StaffInfo, path = '/addons') => {
  const web = await signIn(emu.info.web_url, account, staff);
  return web.get(path);
};

async function scene(addon: EmulatorOptions['addon']): Promise<Scene> {
  const emu = await startEmulator({ jobs: 20, seed: 31, quiet: true, addon });
  const [active, inactive] = emu.info.accounts as [AccountInfo, AccountInfo];
  await emu.control.issueTokens(active.uuid, role(active, 'administrator').uuid, ['read_jobs']);
  return { emu, active, inactive };
}

describe('the Add-ons page, with an add-on that gives its Activation URL', () => {
  let s: Scene;
  beforeAll(async () => {
    s = await scene({ eventUrl: 'http://127.0.0.1:9/event', manifest: TEST_MANIFEST, activationUrl: ACTIVATION_URL });
  });
  afterAll(() => s?.emu.close());

  it('lists the add-on: its name, what it adds, and the Activation URL in the emulator info', async () => {
    const page = await pageFor(s.emu, s.active, role(s.active, 'technician'));
    expect(page.status).toBe(200);
    expect(textOf(page.html, 'addon-store-name')).toBe('Job Helper');
    expect(textOf(page.html, 'addon-store-what')).toBe(
      'Adds \u201cJob Helper\u201d, \u201cJob Helper Mobile\u201d to the job card, in the web app and the mobile apps.',
    );
    expect(s.emu.info.app.addon_activation_url).toBe(ACTIVATION_URL);
  });

  it.each([
    [
      'an administrator of an account that activated it',
      'active',
      'administrator',
      'Active for your account',
      'Activate again',
      undefined,
    ],
    [
      'an administrator of an account that never did',
      'inactive',
      'administrator',
      'Not activated for your account',
      'Activate',
      undefined,
    ],
    [
      'a technician of an account that never did',
      'inactive',
      'technician',
      'Not activated for your account',
      undefined,
      'Ask an administrator to activate it.',
    ],
    [
      'office staff of an account that never did',
      'inactive',
      'office',
      'Not activated for your account',
      undefined,
      'Ask an administrator to activate it.',
    ],
    [
      'a technician of an account that activated it',
      'active',
      'technician',
      'Active for your account',
      undefined,
      'An administrator of your account activated it.',
    ],
  ] as const)('shows %s the state and the right offer', async (_, which, r, state, button, words) => {
    const account = s[which];
    const page = await pageFor(s.emu, account, role(account, r));
    expect(textOf(page.html, 'addon-store-state')).toBe(state);
    expect(textOf(page.html, 'addon-store-activate')).toBe(button);
    expect(activateHref(page.html)).toBe(button ? ACTIVATION_URL : undefined);
    expect(textOf(page.html, 'addon-store-ask')).toBe(words);
  });

  it('counts as activated by the job-card actions’ rule: disabling the add-on shows it not activated', async () => {
    const emu2 = await scene({
      eventUrl: 'http://127.0.0.1:9/event',
      manifest: TEST_MANIFEST,
      activationUrl: ACTIVATION_URL,
    });
    try {
      const admin = role(emu2.active, 'administrator');
      expect(textOf((await pageFor(emu2.emu, emu2.active, admin)).html, 'addon-store-state')).toBe(
        'Active for your account',
      );
      await emu2.emu.control.revokeAccess(emu2.active.uuid);
      const after = await pageFor(emu2.emu, emu2.active, admin);
      expect(textOf(after.html, 'addon-store-state')).toBe('Not activated for your account');
      expect(textOf(after.html, 'addon-store-activate')).toBe('Activate');
    } finally {
      await emu2.emu.close();
    }
  });

  it('is linked from the header of the job list, for every staff member, and in the phone view', async () => {
    const jobs = await pageFor(s.emu, s.inactive, role(s.inactive, 'technician'), '/');
    expect(jobs.html).toMatch(/<a\s+class="x-btn app-nav"\s+id="addons-link"\s+href="\/addons"\s*>\s*Add-ons\s*<\/a/);
    const phone = await pageFor(s.emu, s.inactive, role(s.inactive, 'administrator'), '/addons?device=phone');
    expect(phone.html).toContain('<body class="x-body device-phone">');
    expect(activateHref(phone.html)).toBe(ACTIVATION_URL);
    // The view switch stays on the Add-ons page.
    expect(phone.html).toContain('id="device-toggle" href="/addons?device=desktop"');
  });

  it('sends someone not signed in to sign in first, and back', async () => {
    const res = await fetch(`${s.emu.info.web_url}/addons`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?next=%2Faddons');
  });
});

describe('the Add-ons page, without an Activation URL or an add-on', () => {
  it('gives an administrator words instead of a button when the add-on gives no Activation URL', async () => {
    const s = await scene({ eventUrl: 'http://127.0.0.1:9/event', manifest: TEST_MANIFEST });
    try {
      const page = await pageFor(s.emu, s.inactive, role(s.inactive, 'administrator'));
      expect(activateHref(page.html)).toBeUndefined();
      expect(textOf(page.html, 'addon-store-no-activation')).toBe(
        'This add-on cannot be activated from here: it gives no Activation URL. Ask its maker how to set it up.',
      );
      expect(s.emu.info.app.addon_activation_url).toBeUndefined();
    } finally {
      await s.emu.close();
    }
  });

  it('says no add-on is available when none is registered', async () => {
    const s = await scene(undefined);
    try {
      const page = await pageFor(s.emu, s.active, role(s.active, 'administrator'));
      expect(textOf(page.html, 'addon-store-empty')).toBe('No add-ons are available.');
      expect(page.html).not.toContain('addon-store-item');
    } finally {
      await s.emu.close();
    }
  });

  it('refuses an Activation URL that is not http(s) at start, naming it', async () => {
    await expect(
      startEmulator({
        quiet: true,
        jobs: 5,
        addon: { eventUrl: 'http://127.0.0.1:9/e', manifest: TEST_MANIFEST, activationUrl: 'javascript:alert(1)' },
      }),
    ).rejects.toThrow('Bad add-on registration (at activationUrl): the Activation URL must be an http(s) URL');
  });
});
