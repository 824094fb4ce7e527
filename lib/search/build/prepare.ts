// A document's tie-break rank: open jobs first, then the newest date.

/** Statuses of finished jobs; anything else (Quote, Work Order, custom ones) counts as open. */
const CLOSED = new Set(['completed', 'unsuccessful', 'cancelled', 'canceled']);
/** Statuses are a handful of strings repeated on every job: remember each one's answer. */
const openByStatus = new Map<string, number>();
const OPEN_BIT = 0x8000000; // above any yyyymmdd value, so open jobs come first

/** Open jobs first, then the newest date: a technician searching "smith" wants today's job. */
export function rankOf(status: string, date: string | undefined): number {
  let open = openByStatus.get(status);
  if (open === undefined) {
    open = CLOSED.has(status.trim().toLowerCase()) ? 0 : OPEN_BIT;
    if (openByStatus.size < 100) openByStatus.set(status, open);
  }
  return open + (date === undefined ? 0 : dayOf(date));
}

const DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];

/** yyyymmdd of a `YYYY-MM-DD…` date, or 0 (blank, `0000-00-00`, anything else). */
function dayOf(date: string): number {
  if (date.length < 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return 0;
  let day = 0;
  for (let k = 0; k < DATE_DIGITS.length; k++) {
    const digit = date.charCodeAt(DATE_DIGITS[k]!) - 48;
    if (digit < 0 || digit > 9) return 0;
    day = day * 10 + digit;
  }
  return day;
}
