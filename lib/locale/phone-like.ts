// Whether a query is a phone number being typed, told without libphonenumber-js (the popup asks on
// every keystroke, and loads phone-key.ts only once the answer is yes).

/** Digits and the punctuation people put in numbers, with enough digits that it no longer reads
 * as a job number. */
export function looksLikePhone(query: string): boolean {
  return /^\+?[\d\s().-]+$/.test(query.trim()) && query.replace(/\D/g, '').length >= 6;
}
