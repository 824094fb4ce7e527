import type { Context } from 'hono';
import type { AccountInfo } from '../contracts';
import { html, type Raw } from '../web/html';
import { page } from './html';
import { type Person, personValue } from './people';
import { SCOPE_DESCRIPTIONS } from './scopes';

export interface ConsentView {
  /** The add-on's name, as the platform's consent names it. */
  appName: string;
  formToken: string;
  accounts: readonly AccountInfo[];
  /** The person signed in to the platform in this browser, preselected; nobody otherwise. */
  signedIn: Person | undefined;
  /** Scopes this consent would add. */
  newScopes: string[];
  /** Requested scopes the signed-in person already granted (incremental authorisation). */
  grantedScopes: string[];
}

function scopeList(id: string, scopes: string[]): Raw {
  const items = scopes.map((s) => html`<li data-scope="${s}">${SCOPE_DESCRIPTIONS.get(s) ?? s} <code>${s}</code></li>`);
  return html`<ul id="${id}">
    ${items}
  </ul>`;
}

function personOptions(view: ConsentView): Raw {
  const selected = view.signedIn && personValue(view.signedIn);
  // Nobody is chosen for a person who has not signed in: they pick themselves.
  const prompt = selected ? '' : html`<option value="" selected disabled>Choose who you are…</option>`;
  const groups = view.accounts.map((account) => {
    const options = account.staff
      .filter((s) => s.active)
      .map((s) => {
        const value = personValue({ accountUuid: account.uuid, staffUuid: s.uuid });
        const label = `${s.name} (${s.role}, ${s.email})`;
        return value === selected
          ? html`<option value="${value}" selected>${label}</option>`
          : html`<option value="${value}">${label}</option>`;
      });
    return html`<optgroup label="${account.name}">${options}</optgroup>`;
  });
  return html`${prompt}${groups}`;
}

/** The consent page: who signs in (account and active staff member), what the add-on may do, Allow or Deny.
 * Stable ids for browser tests: #person (select, value "<account uuid>:<staff uuid>"), #new-scopes and
 * #granted-scopes (li[data-scope]), #allow, #deny. */
export function consentPage(c: Context, view: ConsentView): Response {
  const app = view.appName;
  const granted = view.grantedScopes.length
    ? html`<section aria-labelledby="granted-heading">
        <h2 id="granted-heading">Already allowed</h2>
        ${scopeList('granted-scopes', view.grantedScopes)}
      </section>`
    : '';
  const body = html`<h1>Allow ${app} to use your account?</h1>
    <p>${app} is an add-on. It asks to use your account on your behalf.</p>
    <form method="post" action="consent">
      <input type="hidden" name="form_token" value="${view.formToken}" />
      <label for="person">Sign in as</label>
      <select id="person" name="person" required>
        ${personOptions(view)}
      </select>
      <section aria-labelledby="new-heading">
        <h2 id="new-heading">${view.grantedScopes.length ? 'It now also asks to' : 'It asks to'}</h2>
        ${scopeList('new-scopes', view.newScopes)}
      </section>
      ${granted}
      <p>You can take this access back at any time by disabling the add-on.</p>
      <button type="submit" id="allow" name="decision" value="allow">Allow</button>
      <button type="submit" id="deny" name="decision" value="deny">Deny</button>
    </form>`;
  return page(c, 200, `Allow ${view.appName} to use your account?`, body);
}
