import type { AccountInfo } from '../contracts';
import type { Device } from './device';
import { appHeader } from './app-header';
import { html, raw, type Raw } from './html';

// A deep link's hash (/#job,<uuid>) never reaches the server, so the redirect to sign in cannot carry it in
// `next`; the sign-in page adds it back, and signing in lands on the job.
const KEEP_HASH = `(() => { const next = document.querySelector('#sign-in input[name=next]');
  if (next && location.hash && !next.value.includes('#')) next.value += location.hash; })();`;

export const head = (title: string) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <link rel="stylesheet" href="/app/app.css" />
      </head>
    </html>`;

/**
 * The single-page app's shell, as ExtJS lays one out: a viewport with a header toolbar, the job list and the
 * dispatch board as panels, and a layer where job windows open (`windows` holds any opened by the address).
 * The script (/app/app.js) opens, stacks and closes windows and follows the deep-link forms.
 */
export function appShell(view: {
  accountName: string;
  staffName: string;
  grid: Raw;
  board: Raw;
  windows: Raw[];
  device: Device;
}): string {
  const phone = view.device === 'phone';
  return html`${head(`${view.accountName} - Jobs`)}
<body class="x-body${phone ? ' device-phone' : ''}">
<div class="x-viewport" id="app-viewport">
${appHeader({ accountName: view.accountName, staffName: view.staffName, device: view.device, place: 'jobs' })}
<div class="app-main">
<div class="x-panel" id="job-list-panel">
<div class="x-panel-header"><span class="x-panel-header-text">Jobs</span></div>
<div class="x-panel-body">
<form class="job-search" id="job-search" method="get" action="/" role="search"><input name="q" id="job-search-q" placeholder="Job number" inputmode="numeric" aria-label="Job number"><button class="x-btn" type="submit">Search</button></form>
<div id="job-list">${view.grid}</div>
</div>
</div>
<div class="x-panel" id="dispatch-board-panel">
<div class="x-panel-header"><span class="x-panel-header-text">Dispatch Board</span></div>
<div class="x-panel-body" id="dispatch-board-body">${view.board}</div>
</div>
</div>
<div class="x-window-layer" id="windows">${view.windows}</div>
</div>
<script src="/app/app.js"></script>
</body>
</html>`.toString();
}

/** The web app's sign-in: pick the account and the (active) staff member. The emulator's stand-in for the
 * platform's e-mail and password login, which signs this browser in for the web app and the consent page alike. */
export function signInPage(accounts: readonly AccountInfo[], next: string, message?: string): string {
  return html`${head('Sign in')}
<body class="x-body sign-in-page">
<form class="x-panel sign-in" id="sign-in" method="post" action="/login">
<div class="x-panel-header"><span class="x-panel-header-text">Sign in</span></div>
<div class="x-panel-body">
${message ? html`<p class="sign-in-error" role="alert">${message}</p>` : ''}
<input type="hidden" name="next" value="${next}">
<label for="person">Staff member</label>
<select id="person" name="person" required>
${accounts.map(
  (account) =>
    html`<optgroup label="${account.name}">
      ${account.staff
        .filter((s) => s.active)
        .map((s) => html`<option value="${account.uuid}:${s.uuid}">${s.name} (${s.role}, ${s.email})</option>`)}
    </optgroup>`,
)}
</select>
<button class="x-btn" type="submit" id="sign-in-submit">Sign in</button>
</div>
</form>
<script>${raw(KEEP_HASH)}</script>
</body>
</html>`.toString();
}
