import { html, markupOf, newNonce, trusted, type Html } from '../../pages/html';
import type { ActionPlace } from '../events';
import { PANEL_SCRIPT } from './panel-script';
import { PANEL_STYLE } from './panel-style';

// The whole document the platform shows in its window. The platform renders it in a sandboxed `srcdoc` frame
// (an opaque origin), where response headers do not reach: so its policy is a <meta> one. Scripts: the platform's
// client SDK and the panel's own, under a fresh nonce; styles: the SDK's `sdk.css` (the docs say an add-on's styles
// should be based on it), then the panel's own design tokens on top; connect-src only the companion's photo address
// (everything else goes through the SDK's `invoke`); links absolute, since a srcdoc document has no base of its own.

export interface PanelFrame {
  title: string;
  place: ActionPlace;
  /** The platform's client SDK (ADDON_SDK_URL). */
  sdkUrl: string;
  /** The job's uuid, for the panel's script (an attribute, never script text). */
  jobUuid?: string;
  /** The one address the panel's script may send to itself (its photos); none otherwise. */
  connect?: string;
}

/** The platform's stylesheet beside its client SDK (`…/sdk/1.0/sdk.css` next to `…/sdk/1.0/sdk.js`). */
export const sdkStylesheetOf = (sdkUrl: string): string => new URL('sdk.css', sdkUrl).href;

export function panelDocument(frame: PanelFrame, body: Html): string {
  const nonce = newNonce();
  const sdkCss = sdkStylesheetOf(frame.sdkUrl);
  const policy = `default-src 'none'; script-src 'nonce-${nonce}' ${frame.sdkUrl}; style-src 'nonce-${nonce}' ${sdkCss}; img-src data:;${frame.connect ? ` connect-src ${frame.connect};` : ''} base-uri 'none'; form-action 'none'`;
  return markupOf(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta http-equiv="Content-Security-Policy" content="${policy}" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="referrer" content="no-referrer" />
          <title>${frame.title} · Fieldside</title>
          <link rel="stylesheet" href="${sdkCss}" />
          <style nonce="${nonce}">
            ${trusted(PANEL_STYLE)}
          </style>
          <script src="${frame.sdkUrl}" nonce="${nonce}"></script>
        </head>
        <body class="${frame.place}">
          <main id="fieldside-panel" data-place="${frame.place}" data-job="${frame.jobUuid ?? ''}">${body}</main>
          <script nonce="${nonce}">
            ${trusted(PANEL_SCRIPT)};
          </script>
        </body>
      </html>`,
  );
}
