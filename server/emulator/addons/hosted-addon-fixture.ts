// The HTTP tests' shared scene: a recording test add-on, an emulator hosting it, an account that activated the app,
// a technician signed in to the web app and one of their jobs; and what the web app's page sends.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AccountInfo, StaffInfo } from '../contracts';
import { startEmulator, type StartedEmulator } from '../start';
import { decodeEntities, signIn, type WebSession } from '../web/web-test-support';
import { startTestAddon, TEST_MANIFEST, type TestAddon } from './test-addon';

export interface HostedAddon {
  addon: TestAddon;
  emu: StartedEmulator;
  /** Activated the app (its administrator consented). */
  account: AccountInfo;
  /** Never activated it. */
  other: AccountInfo;
  technician: StaffInfo;
  /** The technician, signed in to the web app. */
  web: WebSession;
  /** One of the technician's jobs. */
  job: Record<string, string | number>;
}

export const NOT_RESPONDING = 'The add-on Job Helper is not responding. Try again in a moment.';
const decode = decodeEntities;
/** The add-on's HTML as the window's frame holds it. */
export const srcdocOf = (html: string) => decode(/srcdoc="([^"]*)"/.exec(html)?.[1] ?? '');
/** The platform's own message in a window. */
export const messageOf = (html: string) =>
  decode(/<p class="x-window-message addon-message" role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? '');
/** The add-on actions a job window offers. */
export const addonEventsIn = (html: string) => [...html.matchAll(/data-addon-event="([^"]+)"/g)].map((m) => m[1]);

/** Starts the scene before the file's tests and stops it after; each test starts with the add-on's default answer
 * and nothing received. */
export function useHostedAddon(): HostedAddon {
  const scene = {} as HostedAddon;
  let defaultAnswer: TestAddon['answer'];
  beforeAll(async () => {
    scene.addon = await startTestAddon(() => scene.emu.info.web_url);
    defaultAnswer = scene.addon.answer;
    scene.emu = await startEmulator({
      jobs: 60,
      seed: 20,
      quiet: true,
      addon: { eventUrl: scene.addon.eventUrl, manifest: TEST_MANIFEST, timeoutMs: 400 },
    });
    const { emu } = scene;
    [scene.account, scene.other] = emu.info.accounts as [AccountInfo, AccountInfo];
    scene.technician = scene.account.staff.find((s) => s.role === 'technician' && s.active)!;
    const admin = scene.account.staff.find((s) => s.role === 'administrator')!;
    // The administrator activates the app for the account (a consent, as issueTokens records it).
    await emu.control.issueTokens(scene.account.uuid, admin.uuid, ['read_jobs']);
    scene.web = await signIn(emu.info.web_url, scene.account, scene.technician);
    const mine = await emu.control.visibleJobUuids(scene.account.uuid, scene.technician.uuid);
    scene.job = (await emu.control.listRecords(scene.account.uuid, 'job')).find(
      (j) => j.uuid === mine[0],
    ) as HostedAddon['job'];
  });
  afterEach(() => {
    scene.addon.received.length = 0;
    scene.addon.answer = defaultAnswer;
  });
  afterAll(async () => {
    await scene.emu?.close();
    await scene.addon?.close();
  });
  return scene;
}

/** What the web app's page sends: a POST from its own origin (unless told), with its sign-in cookie if any. */
export function pagePost(
  scene: HostedAddon,
  session: WebSession | undefined,
  path: string,
  init: { body?: string; contentType?: string; origin?: string } = {},
) {
  return fetch(`${scene.emu.info.web_url}${path}`, {
    method: 'POST',
    headers: {
      origin: init.origin ?? scene.emu.info.web_url,
      ...(session ? { cookie: session.cookie } : {}),
      ...(init.contentType ? { 'content-type': init.contentType } : {}),
    },
    body: init.body,
  });
}
