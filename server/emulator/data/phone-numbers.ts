// Contacts' numbers as a business in the account's country writes them, so each seeded account holds what a real
// one would: Brightline (Sydney) `(02) 9123 4567` and `0412345678`, Northwind (Manchester) `0161 496 0123` and
// `07123456789`. The client's search keys numbers by the account's region (lib/locale/phone-key.ts): a UK account
// holding Australian numbers would never test that path. Each number takes as many draws as before, so the rest of
// a seed is unchanged.
import type { Rng } from './prng';

/** A draw from 0 to n - 1: the seed's `rng.int`, or a hash in its shape. */
type Draw = Rng['int'];

const UK_AREAS = ['0161', '0113', '0114', '0121', '0131', '0141', '0151']; // Manchester first, then other cities

/** A landline: area code, then the local number (three draws). */
export function landline(region: string, draw: Draw): string {
  const area = draw(7);
  const first = 1000 + draw(8999);
  const second = 1000 + draw(8999);
  // 200 to 599: in service in each of those areas.
  if (region === 'GB') return `${UK_AREAS[area]} ${String(200 + (first % 400))} ${String(second)}`;
  return `(0${2 + area}) ${String(first)} ${String(second)}`;
}

/** A mobile, written without spaces as people often store it (one draw). */
export function mobile(region: string, draw: Draw): string {
  if (region === 'GB') return `07${String(100_000_000 + draw(299_999_999))}`; // 071 to 073: mobile ranges
  return `04${String(10_000_000 + draw(89_999_999))}`;
}
