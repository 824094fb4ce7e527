// Contacts' numbers as a business in the account's country writes them, so each seeded account holds what a real
// one would: Brightline (Sydney) `(02) 9123 4567` and `0412345678`, Northwind (Manchester) `0161 496 0123` and
// `07123456789`. The client's search keys numbers by the account's region (lib/locale/phone-key.ts): a UK account
// holding Australian numbers would never test that path. Each number takes as many draws as before, so the rest of
// a seed is unchanged.
import type { Rng } from './prng';

/** A draw from 0 to n - 1: the seed's `rng.int`, or a hash in its shape. */
type Draw = Rng['int'];

const UK_AREAS = ['0161', '0113', '0114', '0121', '0131', '0141', '0151']; // Manchester first, then other cities
// An area code and the first digit of the local number in service there: Sydney first, then Melbourne, Brisbane,
// Adelaide and Perth. `(05) …` or `(06) …` would be no number in Australia, and no offer to call or text it.
const AU_AREAS = ['(02) 9', '(02) 8', '(03) 9', '(03) 8', '(07) 3', '(08) 8', '(08) 9'];

/** A landline: area code, then the local number (three draws). */
export function landline(region: string, draw: Draw): string {
  const area = draw(7);
  const first = 1000 + draw(8999);
  const second = 1000 + draw(8999);
  // 200 to 599: in service in each of those areas.
  if (region === 'GB') return `${UK_AREAS[area]} ${String(200 + (first % 400))} ${String(second)}`;
  return `${AU_AREAS[area]}${String(first % 1000).padStart(3, '0')} ${String(second)}`;
}

/** A mobile, written without spaces as people often store it (one draw). */
export function mobile(region: string, draw: Draw): string {
  if (region === 'GB') return `07${String(100_000_000 + draw(299_999_999))}`; // 071 to 073: mobile ranges
  return `04${String(draw(40_000_000)).padStart(8, '0')}`; // 040 to 043: mobile ranges, in service throughout
}
