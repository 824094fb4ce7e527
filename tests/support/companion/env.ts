// Shared by the companion's tests: a fixed environment and a port that nothing listens on.
import type { EmulatorInfo } from '../../../server/emulator/contracts';

export const CHROME_ID = 'abcdefghijklmnopabcdefghijklmnop';
export const FIREFOX_ID = 'fieldside@example.com';
export const CHROME_REDIRECT = `https://${CHROME_ID}.chromiumapp.org/`;
export const SIGNING_SECRET = 'test-signing-secret-0123456789abcdef';

export { freePort } from '../../../server/development/free-port';

/** A development companion's way to the emulator `info` describes, as its app. */
export function emulatorPlatformEnv(info: EmulatorInfo): Record<string, string> {
  return companionPlatformEnv({
    baseUrl: info.base_url,
    authUrl: info.auth_url,
    clientId: info.app.client_id,
    clientSecret: info.app.client_secret,
  });
}

function companionPlatformEnv(platform: PlatformOfCompanion): Record<string, string> {
  return {
    COMPANION_ENV: 'development',
    PLATFORM_BASE_URL: platform.baseUrl,
    PLATFORM_AUTH_URL: platform.authUrl,
    CLIENT_ID: platform.clientId,
    CLIENT_SECRET: platform.clientSecret,
  };
}

interface PlatformOfCompanion {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
}

export function companionEnv(platform: PlatformOfCompanion): Record<string, string> {
  return {
    ...companionPlatformEnv(platform),
    ALLOWED_EXTENSION_IDS: `${CHROME_ID},${FIREFOX_ID}`,
    SIGNING_SECRET,
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'auto',
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The test extensions (env.ts's ids) may call the companion, which signs with the fixed secret; `env` on top. */
export function forTestExtensions(env: Record<string, string> = {}) {
  return { allowedExtensionIds: [CHROME_ID, FIREFOX_ID], env: { SIGNING_SECRET, ...env } };
}
