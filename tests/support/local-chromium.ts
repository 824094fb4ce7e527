import { chromium, type Browser } from 'playwright-core';

/** The machine's headless Chromium, as a person's browser without an extension, that can reach nothing but
 * 127.0.0.1: the pages under test must never need the outside world. */
export function launchLocalChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    ],
  });
}
