import type { Device } from './device';
import { html, type Raw } from './html';

/** The pages the header links to; the current one is marked for assistive technology. */
export type AppPlace = 'jobs' | 'addons';

const PATHS: Record<AppPlace, string> = { jobs: '/', addons: '/addons' };

/**
 * The web app's header toolbar, the same on every page: the account and the signed-in person, the way to the job
 * list and to the add-on store (every staff member sees both), the phone/desktop switch (which stays on the page it
 * is on), and signing out.
 */
export function appHeader(view: { accountName: string; staffName: string; device: Device; place: AppPlace }): Raw {
  const phone = view.device === 'phone';
  const link = (place: AppPlace, id: string, label: string) =>
    html`<a
      class="x-btn app-nav"
      id="${id}"
      href="${PATHS[place]}"
      ${view.place === place ? html` aria-current="page"` : ''}
      >${label}</a
    >`;
  return html`<div class="x-toolbar x-toolbar-header" id="app-header">
    <span class="x-toolbar-text app-name">${view.accountName}</span>
    <span class="x-toolbar-text app-user" id="signed-in-as">${view.staffName}</span>
    <nav class="app-nav-links" aria-label="Web app">
      ${link('jobs', 'jobs-link', 'Jobs')}${link('addons', 'addons-link', 'Add-ons')}
    </nav>
    <a class="x-btn device-toggle" id="device-toggle" href="${PATHS[view.place]}?device=${phone ? 'desktop' : 'phone'}"
      >${phone ? 'Desktop view' : 'Phone view'}</a
    >
    <form method="post" action="/logout" class="sign-out">
      <button class="x-btn" type="submit" id="sign-out">Sign out</button>
    </form>
  </div>`;
}
