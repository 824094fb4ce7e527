import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Clock, EpochMs } from '../contracts';
import type { Person } from './people';
import { digest, randomSecret } from './secrets';

/** The cookie that stands for the platform's own web login: which browser this is, and after a consent,
 * who signed in on it. It is what lets a repeat /authorize with no new scopes redirect at once. */
export const BROWSER_COOKIE = 'fieldside_emu_browser';

/** A consent page shown but not yet answered. The form carries only its one-time token; everything
 * else comes from here, so a forged or edited form cannot change the client, redirect or scopes. */
export interface PendingConsent {
  browser: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  expiresAt: EpochMs;
}

const PENDING_SECONDS = 600;

export function createSessions(clock: Clock) {
  const signedIn = new Map<string, Person>();
  const pending = new Map<string, PendingConsent>();

  return {
    /** The browser id from the cookie, setting a new cookie when there is none. */
    browserOf(c: Context): string {
      const existing = getCookie(c, BROWSER_COOKIE);
      if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
      const id = randomSecret();
      setCookie(c, BROWSER_COOKIE, id, { httpOnly: true, sameSite: 'Lax', path: '/' });
      return id;
    },
    /** The browser id only if the request carries one (never sets a cookie). */
    existingBrowser(c: Context): string | undefined {
      return getCookie(c, BROWSER_COOKIE);
    },
    person(browser: string): Person | undefined {
      return signedIn.get(digest(browser));
    },
    signIn(browser: string, person: Person): void {
      signedIn.set(digest(browser), person);
    },
    signOut(browser: string): void {
      signedIn.delete(digest(browser));
    },
    /** Opens a consent and answers its one-time form token. */
    open(consent: Omit<PendingConsent, 'expiresAt'>): string {
      // Pages nobody answered would otherwise pile up in a long-running emulator.
      for (const [k, p] of pending) if (clock.now() >= p.expiresAt) pending.delete(k);
      const token = randomSecret();
      pending.set(digest(token), { ...consent, expiresAt: clock.now() + PENDING_SECONDS * 1000 });
      return token;
    },
    /** Takes (and so uses up) a consent, if the token is live and belongs to this browser. */
    take(token: string, browser: string | undefined): PendingConsent | undefined {
      const key = digest(token);
      const consent = pending.get(key);
      if (!consent || consent.browser !== browser) return undefined;
      pending.delete(key);
      return clock.now() < consent.expiresAt ? consent : undefined;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
