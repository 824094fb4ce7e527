import { describe, expect, it } from 'vitest';
import { canUse, missingScopes } from './scopes';
import { SIGN_IN_SCOPES } from './sign-in-scopes';

describe('the scopes one sign-in asks for', () => {
  it("cover a field worker's day: search, my day, notes, and the account's facts", () => {
    for (const feature of ['search', 'myDay', 'notes', 'account', 'whoAreYou', 'webhooks'] as const) {
      expect(canUse(feature, SIGN_IN_SCOPES), feature).toBe(true);
    }
    expect(SIGN_IN_SCOPES).toContain('read_security_roles');
    // Nobody is preselected as "you", so the account holder's e-mail is not asked for.
    expect(SIGN_IN_SCOPES).not.toContain('vendor_email');
  });

  it('leave changing badges to a later grant, asked in context', () => {
    expect(missingScopes('badges', SIGN_IN_SCOPES)).toEqual(['manage_badges', 'manage_jobs']);
  });
});
