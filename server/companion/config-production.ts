import { CHROME_EXTENSION_ID } from '../../contracts/extension-ids';

// What a companion holding a real App Secret must never run with. Each is harmless on a development machine
// and a hole in production:
// - an http platform URL sends the App Secret, codes and tokens in the clear (and an http SDK URL lets anyone on
//   the way script the add-on's panel);
// - a public URL taken from requests lets whoever sends the first request (an edge isolate builds the app on
//   it) choose where the platform posts webhooks, callback tokens included, and where sign-ins return;
// - the development Chrome id is pinned by a public key anyone can load, so allowing it hands sign-in codes to
//   any unpacked build that claims it;
// - a signing key derived from the App Secret changes whenever the App Secret is rotated (every installation then
//   signs in again, every callback URL moves), and ties two secrets into one: production names its own.

export interface ProductionInputs {
  PLATFORM_BASE_URL: string;
  PLATFORM_AUTH_URL: string;
  /** Undefined when PUBLIC_URL is `auto` or absent. */
  publicUrl: string | undefined;
  allowedExtensionIds: readonly string[];
  SIGNING_SECRET?: string | undefined;
  ADDON_SDK_URL: string;
}

const isHttps = (url: string): boolean => new URL(url).protocol === 'https:';
const OUTSIDE = 'outside development (COMPANION_ENV=development)';

/** Variables that only development may leave unset; told apart from the rest so that they are named even when
 * other variables are wrong too (the environment is then listed whole in one error). */
export function missingOutsideDevelopment(e: { SIGNING_SECRET?: string | undefined }): string[] {
  return e.SIGNING_SECRET === undefined
    ? [`SIGNING_SECRET: required ${OUTSIDE}: at least 32 random characters of its own, the same on every instance`]
    : [];
}

/** One sentence per problem, naming the variable (never its value). Empty when the configuration may run. */
export function productionProblems(e: ProductionInputs): string[] {
  const problems: string[] = [];
  for (const name of ['PLATFORM_BASE_URL', 'PLATFORM_AUTH_URL', 'ADDON_SDK_URL'] as const) {
    if (!isHttps(e[name])) problems.push(`${name}: must be an https URL ${OUTSIDE}`);
  }
  if (e.publicUrl === undefined) problems.push(`PUBLIC_URL: required ${OUTSIDE}; it is never taken from a request`);
  else if (!isHttps(e.publicUrl)) problems.push(`PUBLIC_URL: must be an https URL ${OUTSIDE}`);
  problems.push(...missingOutsideDevelopment(e));
  if (e.allowedExtensionIds.includes(CHROME_EXTENSION_ID)) {
    problems.push(
      `ALLOWED_EXTENSION_IDS: ${CHROME_EXTENSION_ID} is the development build's id, whose key is public; allowed only in development`,
    );
  }
  return problems;
}
