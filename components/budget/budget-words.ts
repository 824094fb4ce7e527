// The words for the account's request budget, shared by every surface that speaks of it.

/** "1:00 AM" in the person's own time zone: when the platform's day turns (midnight UTC). */
export function localTimeOf(at: number, locale?: string): string {
  return new Date(at).toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/** What the person reads when the account's daily allowance is used up. */
export function dailyLimitWords(until: number, locale?: string): { title: string; detail: string } {
  return {
    title: "Your business has used up today's allowance of platform requests.",
    detail:
      `Fieldside is showing what it has kept and will bring it up to date at ${localTimeOf(until, locale)} your time, when the platform's day starts again (midnight UTC). ` +
      'Notes and badges you change until then are kept and sent then. This affects everyone in the business who uses Fieldside.',
  };
}
