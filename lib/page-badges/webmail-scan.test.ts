import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { findOpenEmail } from './webmail-scan';

// The local imitations the e2e tests use (tests/e2e/support/webmail/), filled as the test fills them.
const MAIL = {
  name: 'Priya Quennell',
  email: 'priya.quennell@harbourview.example',
  subject: 'Leaking tap',
  body: 'Hi, the tap leaks.',
};

function imitation(which: 'gmail' | 'outlook'): Document {
  const html = readFileSync(new URL(`../../tests/e2e/support/webmail/${which}.html`, import.meta.url), 'utf8').replace(
    /\{\{(\w+)\}\}/g,
    (_, key: keyof typeof MAIL) => MAIL[key],
  );
  return parseHTML(html).document as unknown as Document;
}

describe('the e-mail open in a webmail', () => {
  it.each(['gmail', 'outlook'] as const)('reads the sender, subject and text of the %s message view', (which) => {
    const found = findOpenEmail(imitation(which));
    expect(found?.sender).toEqual({ name: MAIL.name, email: MAIL.email });
    expect(found?.subject).toBe(MAIL.subject);
    expect(found?.text).toBe(MAIL.body);
  });

  it('finds nothing on a page that is no message view', () => {
    expect(
      findOpenEmail(parseHTML('<html><body><p>From: a@b.example</p></body></html>').document as unknown as Document),
    ).toBeNull();
  });
});
