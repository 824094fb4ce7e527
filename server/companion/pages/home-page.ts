import { html, type Html } from './html';
import type { CompanionConfig } from '../config';

// `GET /`: what a person finds at the companion's address (the add-on's listing links here, and administrators
// meet it while activating). It says what Fieldside is and where to get it; it shows no platform data at all.

export const HOME_TITLE = 'Fieldside for field-service teams';

/** The two store links, as every page that sends people to the extension shows them. */
export function storeLinks(links: CompanionConfig['storeLinks']): Html {
  return html`<ul>
    <li><a id="chrome-web-store" href="${links.chrome}">Fieldside for Chrome</a> (Chrome Web Store)</li>
    <li><a id="firefox-add-ons" href="${links.firefox}">Fieldside for Firefox</a> (Firefox Add-ons)</li>
  </ul>`;
}

export function homePage(links: CompanionConfig['storeLinks']): Html {
  return html`<main>
    <h1>${HOME_TITLE}</h1>
    <p>
      Fieldside puts a field worker's day beside the job-management platform their business runs on. It is a browser
      extension for plumbers, electricians, cleaners and their office: it finds any job while you type, even with no
      signal, shows today's visits and a job's notes in a side panel, and never loses a note written offline.
    </p>
    <h2>Get the extension</h2>
    ${storeLinks(links)}
    <p>
      Once it is installed, sign in with your own platform login. Fieldside's first page walks you through it in about a
      minute.
    </p>
    <h2>For administrators</h2>
    <p>
      Add Fieldside to your account from the platform's add-on store. The platform then brings you through this site to
      allow Fieldside once for the account; after that, everyone in the account signs in from the extension.
    </p>
    <p>
      <small
        >This address is Fieldside's companion server: it passes sign-ins and change notifications between the platform
        and the extension, and has nothing else to show.</small
      >
    </p>
  </main>`;
}
