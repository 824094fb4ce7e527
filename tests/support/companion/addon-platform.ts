import type { DevStack } from '../../../server/development/dev-stack';
import { ADDON_EVENTS } from '../../../server/companion/addon/events';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import type { AccountInfo, StaffInfo } from '../../../server/emulator/contracts';
import { createConsentDriver } from '../../../server/emulator/oauth/consent-driver';
import { signEvent } from './event-signing';

// The platform's side of the add-on, played for the companion's tests and the add-on benchmark: an administrator
// activating Fieldside for an account (the Activation URL, the emulator's consent page, the Return URL), and
// events signed as the platform signs them (HS256 with the App Secret over the event object, no claim added)
// posted to the event URL.

export function personOf(account: AccountInfo, role: StaffInfo['role']): StaffInfo {
  const person = account.staff.find((s) => s.role === role && s.active);
  if (!person) throw new Error(`the emulator seeds no active ${role} in ${account.name}`);
  return person;
}

/** Jobs of `account` as `staff` stands to them: the uuids the platform lets them see, and the first active job it
 * keeps from them. */
export async function jobsAsSeenBy(stack: DevStack, account: AccountInfo, staff: StaffInfo) {
  const { control } = stack.emulator;
  const visible = await control.visibleJobUuids(account.uuid, staff.uuid);
  const jobs = await control.listRecords(account.uuid, 'job');
  const hidden = jobs.find((j) => !visible.includes(String(j.uuid)) && Number(j.active) === 1);
  if (!hidden) throw new Error(`every active job of ${account.name} is visible to ${staff.role}`);
  return { visible, hidden: String(hidden.uuid) };
}

/** `account` activated by its administrator, the three kinds of person it seeds, and the jobs of its technician: the
 * first the platform lets them see, and one it keeps from them. Fails when the activation does. */
export async function activatedAccount(stack: DevStack, account: AccountInfo) {
  const admin = personOf(account, 'administrator');
  const office = personOf(account, 'office');
  const technician = personOf(account, 'technician');
  const activated = await activateAccount(stack, account);
  if (activated.status !== 200) throw new Error(`activating ${account.name} answered ${activated.status}`);
  const seen = await jobsAsSeenBy(stack, account, technician);
  return { admin, office, technician, theirs: seen.visible[0]!, hidden: seen.hidden };
}

/** A person of `account` (its administrator unless `as` says) activates Fieldside from the Activation URL (`from`:
 * the add-on store's plain link, or a panel's "Activate again" link): answers the Return URL's status and page. */
export async function activateAccount(
  stack: DevStack,
  account: AccountInfo,
  how: { as?: StaffInfo; from?: string } = {},
): Promise<{ status: number; page: string }> {
  const start = await fetch(how.from ?? `${stack.companion.url}${COMPANION_PATHS.activation}`, { redirect: 'manual' });
  if (start.status !== 302) return { status: start.status, page: await start.text() };
  const cookie = (start.headers.getSetCookie().find((c) => c.startsWith('fieldside_activation=')) ?? '').split(';')[0]!;
  const authorizeUrl = start.headers.get('location')!;
  const browser = createConsentDriver();
  const page = await browser.open(authorizeUrl);
  if (page.kind !== 'consent') throw new Error(`expected the consent page, got ${page.kind} ${page.status}`);
  const person = how.as ?? personOf(account, 'administrator');
  const answered = await browser.answer(authorizeUrl, page.formToken, 'allow', `${account.uuid}:${person.uuid}`);
  if (answered.kind !== 'redirect') throw new Error(`expected a redirect, got ${answered.kind} ${answered.status}`);
  const back = await fetch(answered.location, { redirect: 'manual', headers: { cookie } });
  return { status: back.status, page: await back.text() };
}

export interface EventInput {
  account: string;
  staff: string;
  eventName: string;
  eventArgs: Record<string, unknown>;
  /** Claims the platform does not document, for tests of what the companion does when they come anyway. */
  claims?: Record<string, unknown>;
}

/** The event object the platform signs (PLATFORM-NOTES: "identical to the event object"). */
export const eventObject = (input: EventInput): Record<string, unknown> => ({
  eventVersion: '1.0',
  eventName: input.eventName,
  auth: { accountUUID: input.account, staffUUID: input.staff, accessTokenExpiry: Math.floor(Date.now() / 1000) + 3600 },
  eventArgs: input.eventArgs,
  ...input.claims,
});

/** The compact JWT the platform posts: HS256 over the event object, with the App Secret. */
export const platformEvent = (secret: string, input: EventInput): Promise<string> =>
  signEvent(secret, eventObject(input));

/** What the platform would show of the companion's answer to an event. */
export interface EventAnswer {
  status: number;
  type: string;
  /** The answer's `eventResponse`: the window's HTML, or a follow-up's text. */
  response: string;
}

/** POSTs an event as the platform does (the body is the token, as text), and reads the answer's eventResponse. */
export async function postEvent(companionUrl: string, token: string): Promise<EventAnswer> {
  const res = await fetch(`${companionUrl}${COMPANION_PATHS.addonEvent}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: token,
  });
  const type = res.headers.get('content-type') ?? '';
  const text = await res.text();
  const parsed = /^application\/json/.test(type) ? (JSON.parse(text) as { eventResponse?: unknown }) : {};
  if (typeof parsed.eventResponse !== 'string') throw new Error(`not an eventResponse answer: ${res.status} ${type}`);
  return { status: res.status, type, response: parsed.eventResponse };
}

/** The "Use Fieldside in this browser" link of a fresh web panel for `staff` on `jobUuid`, as the platform would
 * have it answered (the companion signs its one-time code into the fragment). */
export async function pairingLinkOf(
  stack: DevStack,
  input: { account: string; staff: string; jobUuid: string },
): Promise<URL> {
  const token = await platformEvent(stack.emulator.info.app.client_secret, {
    account: input.account,
    staff: input.staff,
    eventName: ADDON_EVENTS.web,
    eventArgs: { jobUUID: input.jobUuid },
  });
  const href = /<a id="fieldside-pair" href="([^"]+)"/.exec(
    (await postEvent(stack.companion.url, token)).response,
  )?.[1];
  if (!href) throw new Error('the web panel has no pairing link');
  return new URL(href);
}

/** The web panel the platform would show `staff` of `account` on `job` (the add-on's job-card action). */
export async function webPanel(stack: DevStack, account: AccountInfo, staff: StaffInfo, job: string): Promise<string> {
  const token = await platformEvent(stack.emulator.info.app.client_secret, {
    account: account.uuid,
    staff: staff.uuid,
    eventName: ADDON_EVENTS.web,
    eventArgs: { jobUUID: job },
  });
  return (await postEvent(stack.companion.url, token)).response;
}
