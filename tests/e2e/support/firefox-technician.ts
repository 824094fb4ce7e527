import { launchFirefox, type FirefoxWithExtension } from './firefox';
import type { Page } from 'puppeteer-core';
import { allowConsentFirefox, buttonNamed, openFieldsidePage, signInFirefoxAs } from './firefox-pages';
import { startStack, type Stack } from './stack';
import { setUpFile } from '../../support/set-up-file';

/** The stack and the technician's Firefox, filled in before the file's first test. */
export interface TechnicianInFirefox {
  stack: Stack;
  firefox: FirefoxWithExtension;
}

/**
 * For every test of a file: a fresh stack of 300 jobs, and Firefox ESR with Fieldside in which the technician has
 * connected, signed in through the consent page and said "This is me".
 */
export function technicianSignedInToFirefox(): TechnicianInFirefox {
  const scene = {} as TechnicianInFirefox;
  setUpFile(async (own) => {
    scene.stack = own(await startStack({ jobs: 300 }));
    scene.firefox = own(await launchFirefox());
    await signInFirefoxAs(scene.firefox, scene.stack, scene.stack.technician);
  }, 120_000);
  return scene;
}

/** Opens the sidebar page in a tab, clicks the job in the day and answers the page once the job shows `ready`. */
export async function openJobInFirefoxSidebar({ firefox }: TechnicianInFirefox, jobUuid: string, ready = '') {
  const open = `li.visit[data-job-uuid="${jobUuid}"] .job-open`;
  const panel = await openFieldsidePage(firefox.browser, firefox.options, '/sidepanel.html', open);
  await panel.click(open);
  await panel.waitForSelector(`article#job[data-job-uuid="${jobUuid}"] ${ready}`.trim(), { timeout: 20_000 });
  return panel;
}

/** Presses each of `buttons` on the sidebar page and answers the platform's consent page as the technician, as
 * they meet them: the page back in front after each. */
export async function allowInFirefoxSidebar({ stack, firefox }: TechnicianInFirefox, panel: Page, buttons: string[]) {
  for (const allow of buttons) {
    const pressed = await buttonNamed(panel, allow);
    await allowConsentFirefox(firefox.browser, stack, stack.technician.uuid, () => pressed.click());
    await panel.bringToFront();
  }
}
