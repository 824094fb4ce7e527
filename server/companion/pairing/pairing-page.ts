import type { Context } from 'hono';
import { PAIRING_PAGE } from '../../../contracts/companion-http';
import type { CompanionConfig } from '../config';
import { storeLinks } from '../pages/home-page';
import { html, newNonce, renderPageWith, trusted } from '../pages/html';

// GET /pair: the page "Use Fieldside in this browser" opens. Its one-time code rides in the fragment, which the
// browser never sends: the extension's pairing script (a content script on this page) reads it, has its
// background claim it (POST /pair/claim), and writes the outcome into #fieldside-pairing-result, setting
// data-state to "paired" or "failed". This page only waits: if nothing has answered after a few seconds, it says
// that Fieldside is not installed or not signed in here, with the store links. It never reads the fragment itself.

export const PAIRING_TITLE = 'Use Fieldside in this browser';
/** How long the page waits for the extension before it says Fieldside is missing. */
export const PAIRING_PATIENCE_MS = 6_000;

// The ids the extension's pairing script fills are the contract's (PAIRING_PAGE).
const { root: ROOT, result: RESULT } = PAIRING_PAGE;

const STYLE = `
main[data-state=waiting] #${RESULT}{display:none}
main:not([data-state=waiting]) .waiting{display:none}
main[data-state=failed] #${RESULT}{color:#a3251b}
@media (prefers-color-scheme:dark){main[data-state=failed] #${RESULT}{color:#ff8f85}}
#${RESULT}{font-size:1.15em}`;

const SCRIPT = `setTimeout(function(){var m=document.getElementById('${ROOT}');
if(m&&m.getAttribute('data-state')==='waiting')document.getElementById('fieldside-pairing-missing').hidden=false;},${PAIRING_PATIENCE_MS});`;

export function sendPairingPage(c: Context, links: CompanionConfig['storeLinks']): Response {
  const nonce = newNonce();
  const body = html`<main id="${ROOT}" data-state="waiting">
      <h1>${PAIRING_TITLE}</h1>
      <div class="waiting">
        <p id="fieldside-pairing-waiting" role="status">Connecting Fieldside in this browser…</p>
        <div id="fieldside-pairing-missing" hidden>
          <p role="alert">Fieldside is not installed in this browser, or is not signed in.</p>
          <p>
            Install it, sign in with your own platform login, then choose "Use Fieldside in this browser" on the job
            card again:
          </p>
          ${storeLinks(links)}
        </div>
      </div>
      <p id="${RESULT}" role="status" aria-live="polite"></p>
    </main>
    <script nonce="${nonce}">
      ${trusted(SCRIPT)};
    </script>`;
  c.header(
    'content-security-policy',
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  c.header('x-content-type-options', 'nosniff');
  // The code is in the fragment, which no Referer carries anyway; no-referrer also keeps the page's own address
  // out of every request the store links make.
  c.header('referrer-policy', 'no-referrer');
  c.header('cache-control', 'no-store');
  return c.html(renderPageWith(PAIRING_TITLE, body, trusted(STYLE)), 200);
}
