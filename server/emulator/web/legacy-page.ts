import { html, raw, type Raw } from './html';

// The legacy job pages' frame (legacy-routes.ts), removed with them when the content script moves to the web app.
// In-page navigation like the real platform's single-page app: links marked data-spa swap <main> and push
// history, so a content script must cope with the page changing without a load.
const NAV_SCRIPT = `
document.addEventListener('click', async (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[data-spa]') : null;
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey) return;
  event.preventDefault();
  await swap(link.href);
  history.pushState({}, '', link.href);
});
window.addEventListener('popstate', () => swap(location.href));
async function swap(url) {
  const res = await fetch(url, { headers: { 'x-requested-with': 'spa' } });
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  const next = doc.querySelector('main');
  if (next) document.querySelector('main').replaceWith(next);
  document.title = doc.title;
}`;

export function page(title: string, body: Raw): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; color: #1d2733; }
header { background: #1f4e79; color: #fff; padding: .6rem 1rem; }
header a { color: #fff; }
main { padding: 1rem; max-width: 60rem; }
table { border-collapse: collapse; width: 100%; }
td, th { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #dde3ea; vertical-align: top; }
.badge { display: inline-block; background: #eef3f8; border-radius: .6rem; padding: 0 .5rem; margin-right: .3rem; }
.status { font-weight: 600; }
nav.pager a { margin-right: 1rem; }
</style>
</head>
<body>
<header><strong>Job Platform</strong> &middot; <a href="/jobs" data-spa>Jobs</a></header>
${body}
<script>${raw(NAV_SCRIPT)}</script>
</body>
</html>`.__html;
}
