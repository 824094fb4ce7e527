import { CHROME_EXTENSION_ID } from '../../contracts/extension-ids';

// What a companion holding a real App Secret must never run with (each harmless in development, a hole in production):
// - an http platform or SDK URL sends secrets and tokens in the clear, or lets anyone on the way script the panel;
// - a public URL taken from requests lets the first request's sender choose where webhooks and sign-ins go;
// - the development Chrome id's key is public, so allowing it hands sign-in codes to any unpacked build;
// - a signing key derived from the App Secret moves every callback URL and sign-in when the secret is rotated, and
//   ties two secrets into one: production names its own.

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
