import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ACTIVATION_CHECK_INTERVAL_MS } from './session-service';
import { ACCOUNT, closeStores, OTHER_ACCOUNT, signedInBackground } from './testing/signed-in';

// Whether the account turned Fieldside on, as the companion says with every sign-in and refresh
// (CompanionTokenFields.fieldside_activated): the pages offer the job card's "Use Fieldside in this browser" only
// while it is not known to be off. The real session service; the companion is a stand-in (./testing/signed-in.ts).

afterEach(() => {
  closeStores();
  fakeBrowser.reset();
});

describe("the account's Fieldside, on or off", () => {
  it('is what the sign-in was told, and follows a refresh that says otherwise', async () => {
    let activated: boolean | undefined = false;
    const { session, tokens } = signedInBackground({ activated: () => activated });
    expect((await session.signIn()).addonActivated).toBe(false);

    activated = true; // an administrator activated it since
    await tokens.refresh();
    expect((await session.view()).addonActivated).toBe(true);
  });

  it('keeps what it was told when an answer does not say, for the same account only', async () => {
    let activated: boolean | undefined = false;
    let account = ACCOUNT;
    const { session, tokens } = signedInBackground({ activated: () => activated, account: () => account });
    await session.signIn();
    activated = undefined; // a companion that cannot say just now
    await session.requestFeature('newJobs');
    expect((await session.view()).addonActivated).toBe(false);
    await tokens.refresh();
    expect((await session.view()).addonActivated).toBe(false);

    account = OTHER_ACCOUNT; // another account: nothing is known of it
    await session.signIn();
    expect((await session.view()).addonActivated).toBeNull();
  });

  it('is asked again when a page comes to the front while it is off, at most once in ten seconds', async () => {
    let activated = false;
    let clock = 1_000_000;
    const { session, sent } = signedInBackground({ activated: () => activated, now: () => clock });
    await session.signIn();
    expect((await session.checkActivation()).addonActivated).toBe(false);
    expect(sent.refresh).toHaveLength(1);

    activated = true; // the administrator activates it in the add-on store, and comes back at once
    expect((await session.checkActivation()).addonActivated).toBe(false);
    expect(sent.refresh).toHaveLength(1);
    clock += ACTIVATION_CHECK_INTERVAL_MS;
    expect((await session.checkActivation()).addonActivated).toBe(true);
    expect(sent.refresh).toHaveLength(2);
    // On: nothing more to ask.
    clock += ACTIVATION_CHECK_INTERVAL_MS;
    await session.checkActivation();
    expect(sent.refresh).toHaveLength(2);
  });

  it('is not known with an API key, nor once signed out', async () => {
    const { session } = signedInBackground({ activated: () => false });
    await session.signIn();
    expect((await session.useApiKey('key-1')).addonActivated).toBeNull();
    expect((await session.signOut()).addonActivated).toBeNull();
  });
});
