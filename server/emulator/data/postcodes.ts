// Postcodes as the account's country writes them, each the one of its place: Surry Hills' `2010`, Didsbury's outward
// code with an inward one (`M20 5BT`). One draw each, as before, so the rest of a seed is unchanged.
import type { Rng } from './prng';

/** A draw from 0 to n - 1: the seed's `rng.int`, or a hash in its shape. */
type Draw = Rng['int'];

/** Each place's postcodes (the city's and every suburb's of names.ts): Australia's four digits, Britain's outward
 * codes. */
const PLACE_POSTCODES: Readonly<Record<'AU' | 'GB', Readonly<Record<string, readonly string[]>>>> = {
  AU: {
    Sydney: ['2000'],
    'North Sydney': ['2060'],
    'Surry Hills': ['2010'],
    Parramatta: ['2150'],
    Chatswood: ['2067'],
    Bondi: ['2026'],
    Marrickville: ['2204'],
    Randwick: ['2031'],
  },
  GB: {
    Manchester: ['M1', 'M2', 'M3', 'M4'],
    Didsbury: ['M20'],
    Chorlton: ['M21'],
    Salford: ['M5', 'M6', 'M7'],
    Stockport: ['SK1', 'SK2', 'SK3', 'SK4'],
    Levenshulme: ['M19'],
    Withington: ['M20'],
    Prestwich: ['M25'],
  },
};

/** Letters a British inward code ends with (never C, I, K, M, O, V). */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** A postcode of the place whose codes are `codes` (PLACE_POSTCODES): Australia's whole, Britain's outward code with an
 * inward code drawn. */
export function postcode(region: string, codes: readonly string[], draw: Draw): string {
  const n = draw(300);
  const code = codes[n % codes.length] ?? '';
  if (region !== 'GB') return code;
  const letter = (i: number) => INWARD_LETTERS[i % INWARD_LETTERS.length];
  return `${code} ${Math.floor(n / 30) % 10}${letter(n)}${letter(n + Math.floor(n / 20))}`;
}

/** A postcode of `place` (the account's city or one of its suburbs). */
export const placePostcode = (profile: { region: string }, place: string, draw: Draw): string =>
  postcode(profile.region, PLACE_POSTCODES[profile.region === 'GB' ? 'GB' : 'AU'][place] ?? [], draw);

/** The city's own postcode, for the business's address. */
export const cityPostcode = (profile: { region: string; city: string }): string =>
  placePostcode(profile, profile.city, () => 0);
