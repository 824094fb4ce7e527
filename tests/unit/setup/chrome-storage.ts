import { fakeBrowser } from 'wxt/testing';

// Chrome's storage.local can be closed to content scripts (setAccessLevel); fakeBrowser's lacks the
// method. Unit tests run as Chrome, so the trusted items sit in storage.local where the tests look;
// lib/settings/trusted-item.test.ts takes the method away to run them as Firefox.
Object.assign(fakeBrowser.storage.local, { setAccessLevel: async () => undefined });
