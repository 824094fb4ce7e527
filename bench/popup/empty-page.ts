import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The browser alone, for the popup benches: an extension page with one line of text and no script, written into
// the built extension the bench loads (never into a shipped build: `npm run build` writes its own folder). Its
// first paint, timed as the popup's openings are and beside them, is what any extension page costs the browser.

export const EMPTY_PAGE = 'bench-empty.html';

/** Writes the empty page into the built extension at `extensionDir`; its path in the extension. */
export function addEmptyPage(extensionDir: string): string {
  writeFileSync(
    join(extensionDir, EMPTY_PAGE),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="color-scheme" content="light dark" />\n    <title>Empty</title>\n  </head>\n  <body>\n    <p id="empty">Nothing but this line.</p>\n  </body>\n</html>\n',
  );
  return `/${EMPTY_PAGE}`;
}
