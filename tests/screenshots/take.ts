// `npm run screenshots`: pictures of every surface, light and dark, into docs/screenshots/. The e2e
// harness does the work: the emulator and the companion on ephemeral ports of 127.0.0.1, the Chrome
// build in headless Chromium with a fresh profile, the seeded account. Builds first (set
// FIELDSIDE_SCREENSHOTS_REUSE_BUILD=1 to take the last build), stops everything it started, and exits
// by itself (after twenty minutes at most).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BUILD_ENV_KEYS } from '../../contracts/platform-hosts';
import { launchChromium } from '../e2e/support/chromium';
import { connect } from '../e2e/support/options-page';
import { ROOT } from '../e2e/support/paths';
import { startStack } from '../e2e/support/stack';
import { arrangeFieldDay, signInFieldWorker } from '../e2e/support/field-worker';
import { pairingShots } from './pairing-shots';
import { sidePanelShots, sidePanelSignedOutShot } from './panel-shots';
import { jobActionShots } from './act-shots';
import { textOfferShots } from './text-shots';
import { officeShots } from './office-shots';
import { openOptions, optionsShot, pickerShot, webAppShots } from './page-shots';
import {
  popupCustomerShots,
  popupOfflineShot,
  popupShots,
  popupSignedOutShot,
  popupSyncProblemShot,
} from './popup-shots';
import { SHOTS_DIR } from './shoot';
import { apiKeyShots, consentShot, dailyLimitShots, jobCardShots, popupFilterShot } from './more-shots';
import { firefoxSidebarShots } from './firefox-shots';
import { welcomePage, welcomeShot } from './welcome-shots';

const OUT_DIR = resolve(ROOT, '.tmp/screenshots-output');
const EXTENSION_DIR = resolve(OUT_DIR, 'chrome-mv3');
const FIREFOX_DIR = resolve(OUT_DIR, 'firefox-mv2');
/** The seeded business is in Sydney: its people read dates and times as Australians write them. */
const LOCALE = 'en-AU';
const DEADLINE_MS = 20 * 60_000;

function build(): void {
  if (
    process.env.FIELDSIDE_SCREENSHOTS_REUSE_BUILD === '1' &&
    existsSync(resolve(EXTENSION_DIR, 'manifest.json')) &&
    existsSync(resolve(FIREFOX_DIR, 'manifest.json'))
  )
    return;
  // A development build with none of the build environment: it points at the emulator, which the
  // options page then points at this run's ports.
  const env: NodeJS.ProcessEnv = { ...process.env, FIELDSIDE_OUT_DIR: OUT_DIR };
  for (const key of BUILD_ENV_KEYS) delete env[key];
  try {
    execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, env, stdio: 'pipe' });
    execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { cwd: ROOT, env, stdio: 'pipe' });
  } catch (error) {
    // The build's own warnings are noise on success; on failure they are the reason.
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    console.error(`${stdout ?? ''}${stderr ?? ''}`);
    throw error;
  }
}

/** The mobile of a customer's contact as a caller gives it, international (`+61 4…`), where the
 * platform has it as `04…`. */
async function callerNumber(stack: Awaited<ReturnType<typeof startStack>>, companyUuid: string): Promise<string> {
  const contacts = await stack.emulator.control.listRecords(stack.account.uuid, 'companycontact');
  const mobile = String(contacts.find((c) => c.company_uuid === companyUuid && c.mobile)?.mobile ?? '').replace(
    /\D/g,
    '',
  );
  return `+61 ${mobile.slice(1, 4)} ${mobile.slice(4, 7)} ${mobile.slice(7)}`;
}

async function main(): Promise<void> {
  build();
  const stack = await startStack({ jobs: 300 });
  // The pictures are of the pages, not of the platform's minute: a robot clicking through every page of the product
  // in a few minutes would use up the account's 180 requests a minute, and a page would say "busy" in a picture of
  // something else. The daily limit's pictures set their own (dailyLimitShots).
  await stack.emulator.control.setRateLimit(100_000);
  const browser = await launchChromium(EXTENSION_DIR, { locale: LOCALE }).catch(async (error: unknown) => {
    await stack.close();
    throw error;
  });
  try {
    const welcome = await welcomePage(browser);
    await welcomeShot(welcome, 'welcome-start');
    await consentShot(browser, stack);
    const options = await openOptions(browser);
    await connect(options, stack);
    await optionsShot(options, 'options-signed-out');
    // A private app of the business first (the whole account), then signed out again. A sync problem is
    // pictured there: with no live feed (the companion's feed is for sign-ins), its sync alarm syncs.
    await apiKeyShots(browser, stack, options);
    await popupSyncProblemShot(browser, stack, 'bridge', 'all');
    await options.bringToFront();
    await options.getByRole('button', { name: 'Sign out' }).click();
    await options.locator('#session-state[data-state="signed_out"]').waitFor();
    // The office arranges the day before the technician starts it.
    const day = await arrangeFieldDay(stack);
    await signInFieldWorker(browser, options, stack, { whileAsked: () => welcomeShot(welcome, 'welcome-who') });
    await optionsShot(options, 'options-signed-in');

    const job = (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).find(
      (j) => j.uuid === day.job.uuid,
    )!;
    const company = (await stack.emulator.control.listRecords(stack.account.uuid, 'company')).find(
      (c) => c.uuid === job.company_uuid,
    );
    const query = String(company?.name ?? day.job.number)
      .split(/\s+/)[0]!
      .slice(0, 5)
      .toLowerCase();
    await popupShots(browser, query);
    await popupFilterShot(browser, `${query} status:work`);
    await popupCustomerShots(browser, await callerNumber(stack, String(job.company_uuid)));
    await officeShots(browser, stack, options, day.job.uuid);
    await sidePanelShots(browser, stack, day);
    await jobActionShots(browser, stack, day);
    await textOfferShots(browser, stack, day);
    await pickerShot(browser, day);
    await webAppShots(browser, stack, day);
    await popupOfflineShot(browser, query);
    await welcomeShot(welcome, 'welcome-done');
    // After the sync's own pictures: activating the job card's action makes the account's webhook
    // subscriptions, and with the live feed on, the sync alarm no longer syncs.
    await jobCardShots(browser, stack, day.job.uuid);
    // The technician pairs this browser from the job card: the pictures before show a chosen name.
    await pairingShots(browser.context, stack);
    await firefoxSidebarShots(stack, FIREFOX_DIR);
    // Last, as it holds the account's automatic syncs back for the rest of the (emulator's) day.
    await dailyLimitShots(browser, stack);

    await options.bringToFront();
    await options.getByRole('button', { name: 'Sign out' }).click();
    await options.locator('#session-state[data-state="signed_out"]').waitFor();
    await popupSignedOutShot(browser);
    await sidePanelSignedOutShot(browser);
  } finally {
    await browser.close();
    await stack.close();
  }
  const files = readdirSync(SHOTS_DIR)
    .filter((f) => f.endsWith('.png'))
    .sort();
  console.log(`${files.length} pictures in ${relative(ROOT, SHOTS_DIR)}/:\n${files.map((f) => `  ${f}`).join('\n')}`);
}

const deadline = setTimeout(() => {
  console.error(`screenshots: not done after ${DEADLINE_MS / 60_000} minutes; stopping`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
