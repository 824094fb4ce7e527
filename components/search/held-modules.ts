// The popup's modules wait in its page until the early script has painted the kept rows (or found none to draw). The
// build (wxt.config.ts) writes Vite's module script and its modulepreloads inside <template id="held-modules">, where
// the browser neither asks for nor runs them, and the early script puts them into the page. Run as soon as they were
// loaded, the modules' evaluation (about 10-15 ms in a popup just opened) often fell between the early rows' layout
// and their frame, and that frame waited for it: in Firefox's bench the first opening's rows, laid out at 100 ms,
// were painted at 112 (docs/performance.md, the seventeenth step). The App takes the rows over a little later; a key
// pressed meanwhile is kept for it (early-screen.ts).
// No imports: the build's config (wxt.config.ts) loads this file too.

export const HELD_MODULES_ID = 'held-modules';

const MODULE_SCRIPT = /[ \t]*<script type="module"[^>]*><\/script>\n?/;
const MODULE_PRELOADS = /[ \t]*<link rel="modulepreload"[^>]*>\n?/g;

/** `html` (a built page) with its module script and modulepreloads held in the template, where the script was. */
export function holdModules(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const preloads = html.match(MODULE_PRELOADS) ?? [];
  const rest = html.replace(MODULE_PRELOADS, '');
  const at = rest.indexOf(script[0]);
  const held = `    <template id="${HELD_MODULES_ID}">\n${[script[0], ...preloads].join('')}    </template>\n`;
  return rest.slice(0, at) + held + rest.slice(at + script[0].length);
}

/** Puts the held modules into the page, once (a page whose modules were released has no template): the browser asks
 * for them then and runs the module when it is loaded. Called once the page is parsed (the template follows the early
 * script). */
export function releaseModules(doc: Document = document): void {
  const held = doc.getElementById(HELD_MODULES_ID) as HTMLTemplateElement | null;
  if (!held?.content) return;
  held.remove();
  // Copies made for this document: the template's own nodes belong to its inert one.
  doc.head.append(doc.importNode(held.content, true));
}
