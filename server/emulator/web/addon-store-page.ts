import type { AddonAction } from '../addons/manifest';
import type { Device } from './device';
import { appHeader } from './app-header';
import { head } from './app-pages';
import { html, type Raw } from './html';

// The web app's add-on store, as far as this emulator knows it: the page's look is a guess (FIDELITY.md, "The
// add-on store"); what is known is that an administrator activates an add-on there and the platform then sends
// their browser to the add-on's Activation URL, where the add-on starts OAuth itself.

export interface StoreListing {
  name: string;
  actions: readonly AddonAction[];
  activationUrl: string | undefined;
}

export interface AddonStoreView {
  accountName: string;
  staffName: string;
  device: Device;
  /** The registered add-on, if any. */
  listing: StoreListing | undefined;
  /** The account activated it: the same rule as the job card's actions (a live grant for the app). */
  activated: boolean;
  /** Only an administrator activates an add-on. */
  administrator: boolean;
}

const PLACES: Record<AddonAction['type'], string> = { online: 'the web app', app: 'the mobile apps' };

/** What the add-on adds, in words: its job-card actions and where they appear. */
function whatItDoes(actions: readonly AddonAction[]): string {
  const onJobs = actions.filter((a) => a.entity === 'job');
  if (onJobs.length === 0) return 'Adds actions to the platform.';
  const places = [...new Set(onJobs.map((a) => PLACES[a.type]))].join(' and ');
  const names = [...new Set(onJobs.map((a) => `\u201c${a.name}\u201d`))].join(', ');
  return `Adds ${names} to the job card, in ${places}.`;
}

/** The one thing a person can do about the add-on here, by role and whether it is active. */
function activation(listing: StoreListing, view: AddonStoreView): Raw {
  if (!view.administrator) {
    return html`<p class="addon-store-hint" id="addon-store-ask">
      ${view.activated ? 'An administrator of your account activated it.' : 'Ask an administrator to activate it.'}
    </p>`;
  }
  if (!listing.activationUrl) {
    return html`<p class="addon-store-hint" id="addon-store-no-activation">
      This add-on cannot be activated from here: it gives no Activation URL. Ask its maker how to set it up.
    </p>`;
  }
  // A plain link: the platform sends the browser to the Activation URL, and the add-on takes it from there.
  return html`<a class="x-btn addon-store-activate" id="addon-store-activate" href="${listing.activationUrl}"
    >${view.activated ? 'Activate again' : 'Activate'}</a
  >`;
}

function listingCard(listing: StoreListing, view: AddonStoreView): Raw {
  const state = view.activated ? 'Active for your account' : 'Not activated for your account';
  return html`<article class="x-panel addon-store-item" id="addon-store-item" aria-labelledby="addon-store-name">
    <div class="x-panel-body addon-store-item-body">
      <div class="addon-store-icon" aria-hidden="true">${listing.name.slice(0, 1).toUpperCase()}</div>
      <div class="addon-store-text">
        <h2 class="addon-store-name" id="addon-store-name">${listing.name}</h2>
        <p class="addon-store-what" id="addon-store-what">${whatItDoes(listing.actions)}</p>
        <p class="addon-store-state" id="addon-store-state" data-activated="${view.activated ? 'yes' : 'no'}">
          <span class="addon-store-dot${view.activated ? ' on' : ''}"></span>${state}
        </p>
        ${activation(listing, view)}
      </div>
    </div>
  </article>`;
}

/** The Add-ons page: the registered add-on, what it does, whether this account activated it, and the way to. */
export function addonStorePage(view: AddonStoreView): string {
  const phone = view.device === 'phone';
  return html`${head(`${view.accountName} - Add-ons`)}
<body class="x-body${phone ? ' device-phone' : ''}">
<div class="x-viewport" id="app-viewport">
${appHeader({ accountName: view.accountName, staffName: view.staffName, device: view.device, place: 'addons' })}
<main class="addon-store" id="addon-store">
<h1 class="addon-store-title">Add-ons</h1>
${view.listing ? listingCard(view.listing, view) : html`<p class="addon-store-hint" id="addon-store-empty">No add-ons are available.</p>`}
</main>
</div>
</body>
</html>`.toString();
}
