import type { DevStack } from '../../../server/development/dev-stack';
import { signAddonEvent } from '../../../server/companion/addon/event-token';
import { ADDON_EVENTS } from '../../../server/companion/addon/events';
import { COMPANION_PATHS } from '../../../contracts/companion-http';
import type { AccountInfo, StaffInfo } from '../../../server/emulator/contracts';
import { createConsentDriver } from '../../../server/emulator/oauth/consent-driver';

// The platform's side of the add-on, played for the companion's tests and the add-on benchmark: an administrator
// activating Fieldside for an account (the Activation URL, the emulator's consent page, the Return URL), and
// events signed as the platform signs them (HS256 with the App Secret) posted to the event URL.

export function personOf(account: AccountInfo, role: StaffInfo['role']): StaffInfo {
  const person = account.staff.find((s) => s.role === role && s.active);
  if (!person) throw new Error(`the emulator seeds no active ${role} in ${account.name}`);
  return person;
}

/** An administrator of `account` activates Fieldside: answers the Return URL's status and page. */
export async function activateAccount(
  stack: DevStack,
  account: AccountInfo,
): Promise<{ status: number; page: string }> {
  const start = await fetch(`${stack.companion.url}${COMPANION_PATHS.activation}`, { redirect: 'manual' });
  const cookie = (start.headers.getSetCookie().find((c) => c.startsWith('fieldside_activation=')) ?? '').split(';')[0]!;
  const authorizeUrl = start.headers.get('location')!;
  const browser = createConsentDriver();
  const page = await browser.open(authorizeUrl);
  if (page.kind !== 'consent') throw new Error(`expected the consent page, got ${page.kind} ${page.status}`);
  const answered = await browser.answer(
    authorizeUrl,
    page.formToken,
    'allow',
    `${account.uuid}:${personOf(account, 'administrator').uuid}`,
  );
  if (answered.kind !== 'redirect') throw new Error(`expected a redirect, got ${answered.kind} ${answered.status}`);
  const back = await fetch(answered.location, { redirect: 'manual', headers: { cookie } });
  return { status: back.status, page: await back.text() };
}

export interface EventInput {
  account: string;
  staff: string;
  eventName: string;
  eventArgs: Record<string, unknown>;
  /** Seconds since the epoch; default now. */
  iat?: number;
  exp?: number;
}

/**
 * Issue times no two events share. The platform's `iat` counts seconds, so two events of one person on one job
 * within a second are the same token (a replay, refused); a run that posts many takes each second once, going back
 * from its clock's present second (well inside the five minutes an event may be old).
 */
export function uniqueIssueTimes(now: () => number = Date.now): () => number {
  const used = new Set<number>();
  return () => {
    let iat = Math.floor(now() / 1000);
    while (used.has(iat)) iat--;
    used.add(iat);
    return iat;
  };
}

/** The compact JWT the platform posts: HS256 over the payload, with the App Secret. */
export function platformEvent(secret: string, input: EventInput, header?: Record<string, unknown>): Promise<string> {
  const iat = input.iat ?? Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = {
    eventVersion: '1.0',
    eventName: input.eventName,
    auth: { accountUUID: input.account, staffUUID: input.staff },
    eventArgs: input.eventArgs,
    iat,
    ...(input.exp === undefined ? {} : { exp: input.exp }),
  };
  return signAddonEvent(secret, payload, header);
}

/** POSTs an event as the platform does (the body is the token, as text). */
export async function postEvent(
  companionUrl: string,
  token: string,
): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(`${companionUrl}${COMPANION_PATHS.addonEvent}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: token,
  });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

/** The "Use Fieldside in this browser" link of a fresh web panel for `staff` on `jobUuid`, as the platform would
 * have it answered (the companion signs its one-time code into the fragment). */
export async function pairingLinkOf(
  stack: DevStack,
  input: { iat: number; account: string; staff: string; jobUuid: string },
): Promise<URL> {
  const token = await platformEvent(stack.emulator.info.app.client_secret, {
    iat: input.iat,
    account: input.account,
    staff: input.staff,
    eventName: ADDON_EVENTS.web,
    eventArgs: { jobUUID: input.jobUuid },
  });
  const href = /<a id="fieldside-pair" href="([^"]+)"/.exec((await postEvent(stack.companion.url, token)).text)?.[1];
  if (!href) throw new Error('the web panel has no pairing link');
  return new URL(href);
}
