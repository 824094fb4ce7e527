// Postcodes as the account's country writes them: Sydney's four digits (`2042`), Manchester's outward and inward
// codes (`M14 5BT`). One draw each, as before, so the rest of a seed is unchanged.
import type { Rng } from './prng';

/** A draw from 0 to n - 1: the seed's `rng.int`, or a hash in its shape. */
type Draw = Rng['int'];

/** Letters a British inward code ends with (never C, I, K, M, O, V). */
const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** A postcode near `base` (the city's). */
export function postcode(region: string, base: number, draw: Draw): string {
  const n = draw(300);
  if (region !== 'GB') return String(base + n);
  const letter = (i: number) => INWARD_LETTERS[i % INWARD_LETTERS.length];
  return `M${1 + (n % 40)} ${Math.floor(n / 30) % 10}${letter(n)}${letter(n + Math.floor(n / 20))}`;
}

/** The city's own postcode, for the business's address. */
export const cityPostcode = (profile: { region: string; postcode: number }): string =>
  postcode(profile.region, profile.postcode, () => 0);
