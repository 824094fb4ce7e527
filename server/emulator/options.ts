// What a caller can set when starting the emulator (start.ts): ports, the seed and its size, the platform's limits,
// and the add-on registered with it. The command line (cli.ts) and the tests' helpers build one of these.
import type { AddonManifest } from './addons/manifest';
import type { Switches } from './contracts';

export interface EmulatorOptions extends Partial<Switches> {
  /** Port of {base_url} (REST, webhook API, control surface); 0 (the default) picks a free one. */
  port?: number;
  /** Port of {auth_url} === {web_url} (OAuth and the web app), always a second server; 0 (the default) picks one. */
  authPort?: number;
  /** Jobs of the first account (default 5,000; the second account gets at most 500). */
  jobs?: number;
  /** Active field workers of the first account (default: as many as the jobs need, one per 1,300 jobs of history),
   * for a business with more people than its history needs (the budget benchmark's 200 staff). */
  fieldWorkers?: number;
  seed?: number;
  /** The seeded accounts' IANA time zones, by position, in place of Sydney and London (README.md says why). */
  timeZones?: ReadonlyArray<string | undefined>;
  /** The app's Return URL: redirect_uri hosts must match it. */
  returnUrl?: string;
  /** Requests a minute per app per account (default 180, as the platform). */
  rateLimitPerMinute?: number;
  /** Requests a day (UTC day, see rest/rate-limit.ts) per app per account (default 20,000, as the platform). */
  rateLimitPerDay?: number;
  /** Real-time limit of a webhook verification or delivery POST (default 10 s, "about 10 seconds" on the
   * platform); tests that provoke a timeout make it short. */
  callbackTimeoutMs?: number;
  /** Emulator seconds after which a refresh token is refused with invalid_grant (default: never). A test setting:
   * the real lifetime is unknown (FIDELITY.md #10). Under refreshTokens `keep` and `omit` a token's age counts from
   * the sign-in that issued it. */
  refreshTokenLifetimeSeconds?: number;
  /** The platform's time at start (ms since the epoch; default: the real time). It moves on in real time
   * from there, and the seeded history (today's visits, the dates of jobs) is laid out around it. */
  now?: number;
  /** No error logging (tests that provoke errors on purpose). */
  quiet?: boolean;
  /** The token {base_url}/_emulator requires (`x-emulator-control`); random when absent. */
  controlToken?: string;
  /** An add-on registered with the platform: its manifest's job actions appear in the web app of every account
   * that activated the app, and choosing one posts a signed event to `eventUrl` (addons/). `timeoutMs` (default
   * 10 s, the platform's guessed limit) is for tests that provoke a timeout. `activationUrl` is where the web app's
   * add-on store sends an administrator who activates it. Checked at start. */
  addon?: { eventUrl: string; manifest: AddonManifest; activationUrl?: string; timeoutMs?: number };
}

export const DEFAULT_RETURN_URL = 'http://127.0.0.1:8787/oauth/return';
