import { html as honoHtml, raw as honoRaw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

// The web app's pages are built with hono/html: every interpolated value is escaped (all platform data is untrusted)
// unless it is markup made here, kept through `raw()`.

export type Raw = HtmlEscapedString;

export const raw = (markup: string): Raw => honoRaw(markup);

/** Tagged template: interpolations (lists too) are escaped unless they are markup. Never asynchronous here: no
 * promise is ever interpolated. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  return honoHtml(strings, ...values) as Raw;
}
