import { html, type Html } from '../pages/html';

// The page a person sees when /oauth/return cannot hand the sign-in on (bad or expired state). It is a dead end
// on purpose: without a valid state there is no trusted place to redirect to.

export function returnErrorPage(detail: string): Html {
  return html`<main>
    <h1>Sign-in could not continue</h1>
    <p role="alert">${detail}</p>
    <p>Close this window and start the sign-in again from Fieldside's options page.</p>
  </main>`;
}
