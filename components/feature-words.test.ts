import { describe, expect, it } from 'vitest';
import { FEATURE_SCOPES } from '../lib/auth/scopes';
import { problemWords } from './design/problem-words';
import { FEATURE_WORDS } from './feature-words';

describe('the words for a feature that lacks a permission', () => {
  const all = Object.values(FEATURE_WORDS).flatMap((w) => [w.what, w.allow, w.lacking]);
  const scopes = new Set(Object.values(FEATURE_SCOPES).flat());

  it('name no scope, path or status code', () => {
    for (const text of all) {
      expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b|\/|\b[1-5]\d\d\b/);
      for (const scope of scopes) expect(text).not.toContain(scope);
      // The same test the error state puts every message through: nothing technical to hide.
      expect(problemWords(text).details, text).toBeNull();
    }
  });

  it('each start its button with "Allow"', () => {
    for (const words of Object.values(FEATURE_WORDS)) expect(words.allow).toMatch(/^Allow /);
  });
});
