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

/** The job's page in the platform's web UI: built from the connection's base URL and the uuid. */
export function jobWebUrl(baseUrl: string, jobUuid: string): string {
  const base = new URL(baseUrl);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new RangeError('platform URL must be http(s)');
  return new URL(`jobs/${encodeURIComponent(jobUuid)}`, base.href.endsWith('/') ? base.href : `${base.href}/`).href;
}
