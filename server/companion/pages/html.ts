import type { Context } from 'hono';
import { html as honoHtml, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

// The companion's few HTML pages (its home page, the activation's last page, sign-in dead ends), built with
// hono/html so that every interpolated value is escaped: text can only ever be text. They load nothing (no script,
// image or font), so the policy forbids everything but their own inline style, and nobody may frame them. The two pages that run
// a script of their own (the pairing page, the add-on's panel) carry it under a fresh nonce and a policy of their
// own (pairing/pairing-page.ts, addon/panel/panel-document.ts).

/** Markup whose every interpolated value was escaped (hono/html's escaped string). */
export type Html = HtmlEscapedString;

type Part = string | Html | readonly Html[];

/** `html\`<p>${text}</p>\``: strings are escaped; Html (and lists of it) is kept as it is. Never asynchronous
 * here: no promise is ever interpolated, so hono/html answers at once. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  return honoHtml(strings, ...values) as Html;
}

/** The companion's own constant markup (a style sheet, a script it wrote): never platform data or input. */
export function trusted(markup: string): Html {
  return raw(markup);
}

/** A fresh nonce for a page's own script and style (Content-Security-Policy). */
export const newNonce = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, '');
};

/** The markup of an Html value, to answer it. */
export const markupOf = (value: Html): string => value.toString();

// `color-scheme` lets the browser draw the page (background, text, links) in the reader's light or dark scheme.
const STYLE: Html = trusted(
  ':root{color-scheme:light dark}body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}',
);

/** A whole page: its title, and its body's markup. */
export function renderPage(title: string, body: Html): string {
  return renderPageWith(title, body, html``);
}

/** A whole page with style rules of its own after the common ones. */
export function renderPageWith(title: string, body: Html, extraStyle: Html): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${title} · Fieldside</title>
        <style>
          ${STYLE}${extraStyle}
        </style>
      </head>
      <body>
        ${body}
      </body>
    </html>`.toString();
}

/** Answers a page with the headers every companion page carries. */
export function sendPage(c: Context, status: ContentfulStatusCode, title: string, body: Html): Response {
  c.header(
    'content-security-policy',
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  c.header('x-content-type-options', 'nosniff');
  c.header('referrer-policy', 'no-referrer');
  c.header('cache-control', 'no-store');
  return c.html(renderPage(title, body), status);
}
