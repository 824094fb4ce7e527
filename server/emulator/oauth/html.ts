import type { Context } from 'hono';
import { html, raw, type Raw } from '../web/html';

// No scripts at all; the page cannot be framed (clickjacking the Allow button). No form-action rule:
// Chromium applies it to the redirect after the post, which goes to the app's own host.
const HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:8px}
label,legend{font-weight:600}select{font:inherit;width:100%;padding:.4rem;margin:.3rem 0 1rem}
button{font:inherit;padding:.5rem 1.4rem;margin-right:.6rem;border-radius:6px;border:1px solid #1d2330}
#allow{background:#0b5cad;color:#fff;border-color:#0b5cad}code{font-size:.85em;color:#4a5160}`;

/** A whole page; `title` is text, `body` markup made with `html` (so already escaped). */
export function page(c: Context, status: 200 | 400, title: string, body: Raw): Response {
  const markup = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${raw(STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
  return c.html(markup.toString(), status, HEADERS);
}

/** The answer when the request cannot be trusted to redirect (unknown client, foreign redirect_uri). */
export function errorPage(c: Context, message: string): Response {
  return page(
    c,
    400,
    'Authorization error',
    html`<h1>This sign-in request cannot continue</h1>
      <p id="error" role="alert">${message}</p>
      <p>Go back to the add-on and start again. If it keeps happening, tell the add-on's developer.</p>`,
  );
}
