// Links built from platform data. Only URLs made here are ever put in an href: platform text is
// never used as a URL itself, so a `javascript:` value in a job field stays inert text.

/** A maps search for an address (https only), or null for a blank address. */
export function mapsUrl(address: string): string | null {
  const query = address.replace(/\s+/g, ' ').trim();
  if (!query) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A `tel:` link from the digits and a leading + of a phone number, or null when it has no digits. */
export function telUrl(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const digits = trimmed.replace(/[^\d]/g, '');
  if (digits.length < 3) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** A link into the platform's web app: the job itself when its address form is known, else the app. */
export interface WebAppLink {
  url: string;
  /** True: it opens the job. False: it opens the web app, where the person finds the job by number. */
  deep: boolean;
}

/** The job in the web app: `webUrl` + `jobLinkPath` with the job's uuid in it (lib/settings: a form the
 * platform accepts, or null where none is known, as on the real web app: then the app itself). */
export function jobWebLink(web: { webUrl: string; jobLinkPath: string | null }, jobUuid: string): WebAppLink {
  const base = new URL(web.webUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new RangeError('the web app URL must be http(s)');
  const root = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  if (!web.jobLinkPath) return { url: `${root}/`, deep: false };
  return {
    url: new URL(`${root}${web.jobLinkPath.replaceAll('{uuid}', encodeURIComponent(jobUuid))}`).href,
    deep: true,
  };
}
