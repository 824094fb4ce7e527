// Postcodes as the account's country writes them, each the one of its place: Surry Hills' `2010`, Didsbury's outward
// code with an inward one (`M20 5BT`). One draw each, as before, so the rest of a seed is unchanged.
import { regionalNames } from './names';
import type { Rng } from './prng';

/** A draw from 0 to n - 1: the seed's `rng.int`, or a hash in its shape. */
type Draw = Rng['int'];

/** Letters a British inward code ends with (never C, I, K, M, O, V). */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** A postcode of the place whose codes are `codes` (names.ts): Australia's whole, Britain's outward code with an
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
  postcode(profile.region, regionalNames(profile.region).postcodes[place] ?? [], draw);

/** The city's own postcode, for the business's address. */
export const cityPostcode = (profile: { region: string; city: string }): string =>
  placePostcode(profile, profile.city, () => 0);
