import { z } from 'zod';

// What the person types in the options' "Sites" box ("mail.example.com", "https://crm.example.com/x")
// → the match pattern we ask permission for and register the sites content script on. Only https:
// the optional host permission the manifest declares is https://*/*.

const Host = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter a web address like mail.example.com',
  );

export class SitePatternError extends Error {
  override readonly name = 'SitePatternError';
}

/** `https://host/*` for a typed address; throws SitePatternError with words for the person. */
export function toSitePattern(input: string): string {
  const trimmed = input.trim().toLowerCase();
  if (trimmed === '') throw new SitePatternError('Enter the address of a site, like mail.example.com');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw new SitePatternError(`"${input.trim()}" is not a web address`);
  }
  if (url.protocol !== 'https:') throw new SitePatternError('Only secure (https) sites can be added');
  const host = Host.safeParse(url.hostname);
  if (!host.success) throw new SitePatternError(host.error.issues[0]?.message ?? 'Not a web address');
  return `https://${host.data}/*`;
}

/** The site's host for display ("mail.example.com"). */
export function siteLabel(pattern: string): string {
  return pattern.replace(/^https?:\/\//, '').replace(/\/\*$/, '');
}
