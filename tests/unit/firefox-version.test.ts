import { describe, expect, it } from 'vitest';
import { firefoxMajor, tooOldFor } from '../e2e/support/firefox-version';

describe("the Firefox the tests launch, against the build's strict_min_version", () => {
  it('reads the major version of firefox-esr --version', () => {
    expect(firefoxMajor('Mozilla Firefox 153.8.0esr\n')).toBe(153);
    expect(firefoxMajor('142.0')).toBe(142);
  });

  it("says in words that Debian's own ESR 140 is too old, and what to run", () => {
    const why = tooOldFor('Mozilla Firefox 140.12.0esr\n', '142.0');
    expect(why).toContain('Mozilla Firefox 140.12.0esr is older than the Firefox 142.0');
    expect(why).toContain('apt-get update && apt-get install firefox-esr');
  });

  it('lets a new enough Firefox, or an unreadable version, through to the install', () => {
    expect(tooOldFor('Mozilla Firefox 153.8.0esr', '142.0')).toBeUndefined();
    expect(tooOldFor('Mozilla Firefox 142.0esr', '142.0')).toBeUndefined();
    expect(tooOldFor('something else', '142.0')).toBeUndefined();
    expect(tooOldFor('Mozilla Firefox 140.1esr', undefined)).toBeUndefined();
  });
});
