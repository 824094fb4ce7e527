import { parseHTML } from 'linkedom';
import { render } from 'preact';
import { expect, it } from 'vitest';
import { SessionSummary, type SessionSummaryProps } from '@/components/SessionSummary';

// Signed out because the platform refused the sign-in (invalid_grant): the refresh token expired, or access was
// withdrawn; the platform does not say which, so the words name both, and what to do.

const signedOut: SessionSummaryProps = {
  state: 'signed_out',
  mode: null,
  accountName: null,
  meName: null,
  meRole: '',
  viewAsName: null,
  signedOutReason: 'revoked',
  busy: false,
  onSignInAgain: () => {},
};

it('says the sign-in ended, expired or withdrawn, and asks to sign in again, the notes kept', () => {
  const { document } = parseHTML('<!doctype html><html><body><main></main></body></html>');
  const main = document.querySelector('main')!;
  render(<SessionSummary {...signedOut} />, main as unknown as Element);
  const notice = main.querySelector('#revoked-notice')?.textContent?.replace(/\s+/g, ' ') ?? '';
  expect(notice).toContain('The platform no longer accepts your sign-in (it expired, or the add-on was disabled');
  expect(notice).toContain('Sign in again to continue; notes not sent yet are kept until then.');
  render(<SessionSummary {...signedOut} signedOutReason="signed_out" />, main as unknown as Element);
  expect(main.querySelector('#revoked-notice')).toBeNull();
});

it('says how to let the platform say who you are, or, while the account has not turned Fieldside on, who can', () => {
  const { document } = parseHTML('<!doctype html><html><body><main></main></body></html>');
  const main = document.querySelector('main')!;
  const chosen: SessionSummaryProps = {
    ...signedOut,
    state: 'signed_in',
    mode: 'oauth',
    accountName: 'Northwind',
    meName: 'Zoe Clarke',
    signedOutReason: null,
  };
  const limit = () => main.querySelector('#limit-notice')?.textContent?.replace(/\s+/g, ' ') ?? '';
  render(<SessionSummary {...chosen} />, main as unknown as Element);
  expect(limit()).toContain('To let it say so, open any job in the platform, choose Fieldside');
  render(<SessionSummary {...chosen} addonOff />, main as unknown as Element);
  expect(limit()).toContain('It can say so once an administrator turns Fieldside on for the account');
  expect(limit()).not.toContain('choose Fieldside');
});
