import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { FEATURE_SCOPES } from '../auth/scopes';
import { closeStores, signedInBackground } from './testing/signed-in';

// Incremental authorisation: a feature turned on later opens the platform's consent page for what is granted plus
// what it lacks; a step that needs two features (a new job for a new customer) asks for both on one page, not one
// page after the other. The real session service; the companion and the consent page are stand-ins
// (./testing/signed-in.ts), which grant `vendor read_staff`.

afterEach(() => {
  closeStores();
  fakeBrowser.reset();
});

const GRANTED = ['read_staff', 'vendor'];

describe('asking for more', () => {
  it('asks for what one feature lacks, keeping what was granted', async () => {
    const { session, asked } = signedInBackground();
    await session.signIn();
    await session.requestFeature('newJobs');
    expect(asked).toHaveLength(2);
    expect(asked[1]!.sort()).toEqual([...GRANTED, ...FEATURE_SCOPES.newJobs].sort());
  });

  it('asks for two features on one consent page when one step needs both', async () => {
    const { session, asked } = signedInBackground();
    await session.signIn();
    const view = await session.requestFeature('newJobs', ['newCustomers']);
    expect(view.state).toBe('signed_in');
    expect(asked).toHaveLength(2);
    expect(asked[1]!.sort()).toEqual(
      [...GRANTED, 'create_jobs', 'manage_customer_contacts', 'manage_customers'].sort(),
    );
  });

  it('opens no consent page when nothing is missing', async () => {
    const { session, asked } = signedInBackground();
    await session.signIn();
    await session.requestFeature('whoAreYou', ['account']);
    expect(asked).toHaveLength(1);
  });
});
