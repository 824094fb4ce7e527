import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { COMPANION_PATHS } from '../../contracts/companion-http';
import { CHROME_EXTENSION_ID, GECKO_ID } from '../../contracts/extension-ids';
import { SDK_SCRIPT_PATH } from '../emulator/addons/routes';
import type { EmulatorOptions } from '../emulator/options';
import { startEmulator, type StartedEmulator } from '../emulator/start';
import type { CompanionDeps } from '../companion/app';
import { startCompanion, type RunningCompanion } from '../companion/start';
import { freePort } from './free-port';

// The emulator and the companion together, for end-to-end tests and `npm start`. They depend on each other:
// the companion needs the emulator's URLs and app credentials, and the emulator needs the companion's Return URL,
// host and port included, because the platform checks redirect_uri against it. So the companion's port is
// chosen first (reserved, then freed) and given to both; in the rare case that another process takes it in
// between, the pair is started again on a new port. The emulator also hosts the companion's add-on: the manifest
// the companion declares (server/companion/addon-manifest.json), its events posted to the companion's event URL, and
// its Activation URL (`/activate`) behind the web app's Add-ons page.

export interface DevStackOptions {
  /** Passed to startEmulator; `returnUrl` and the add-on are always the companion's. */
  emulator?: Omit<EmulatorOptions, 'returnUrl' | 'addon'>;
  /** The companion's port; 0 or absent picks a free one. */
  companionPort?: number;
  /** Default: the Fieldside Chrome extension id and Firefox add-on id (contracts/extension-ids). */
  allowedExtensionIds?: string[];
  /** Extra companion environment (e.g. REDIS_URL, FEED_MAX_ENTRIES, SIGNING_SECRET). */
  env?: Record<string, string | undefined>;
  /** The companion's dependencies (e.g. `log`, to capture its log lines in a test). */
  companionDeps?: CompanionDeps;
}

export interface DevStack {
  emulator: StartedEmulator;
  companion: RunningCompanion;
  /** Environment the companion was started with, for a second instance sharing its secrets. */
  companionEnv: Record<string, string | undefined>;
  close(): Promise<void>;
}

const ATTEMPTS = 3;
const ADDON_MANIFEST = resolve(import.meta.dirname, '../companion/addon-manifest.json');

/** The companion's add-on as the platform registers it: its manifest, its event URL on `port`, and its Activation
 * URL, where the web app's add-on store sends an administrator who activates it. */
export function companionAddon(port: number): NonNullable<EmulatorOptions['addon']> {
  const companion = `http://127.0.0.1:${port}`;
  return {
    eventUrl: `${companion}${COMPANION_PATHS.addonEvent}`,
    activationUrl: `${companion}${COMPANION_PATHS.activation}`,
    manifest: JSON.parse(readFileSync(ADDON_MANIFEST, 'utf8')),
  };
}

export async function startDevStack(options: DevStackOptions = {}): Promise<DevStack> {
  for (let attempt = 1; ; attempt++) {
    const port = options.companionPort || (await freePort());
    const emulator = await startEmulator({
      ...options.emulator,
      returnUrl: `http://127.0.0.1:${port}/oauth/return`,
      addon: companionAddon(port),
    });
    const { info } = emulator;
    const companionEnv: Record<string, string | undefined> = {
      // The emulator speaks http on 127.0.0.1, and development builds carry the public development key.
      COMPANION_ENV: 'development',
      PLATFORM_BASE_URL: info.base_url,
      PLATFORM_AUTH_URL: info.auth_url,
      CLIENT_ID: info.app.client_id,
      CLIENT_SECRET: info.app.client_secret,
      ALLOWED_EXTENSION_IDS: (options.allowedExtensionIds ?? [CHROME_EXTENSION_ID, GECKO_ID]).join(','),
      // Fresh per run: states signed by an earlier run are worthless.
      SIGNING_SECRET: randomBytes(32).toString('base64url'),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'auto',
      // The panel loads the platform's client SDK: here, the emulator's copy.
      ADDON_SDK_URL: `${info.web_url}${SDK_SCRIPT_PATH}`,
      ...options.env,
      PORT: String(port),
    };
    try {
      const companion = await startCompanion(companionEnv, options.companionDeps);
      return {
        emulator,
        companion,
        companionEnv,
        async close() {
          await companion.close();
          await emulator.close();
        },
      };
    } catch (error) {
      await emulator.close();
      const taken = (error as { code?: string }).code === 'EADDRINUSE';
      if (!taken || options.companionPort || attempt >= ATTEMPTS) throw error;
    }
  }
}
