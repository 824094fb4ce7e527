import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// Gzip sizes of what a page or content script loads first, from the built extension.

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

/** The page's module script and the chunks it preloads (what runs before first paint). */
export function pageScriptsGzip(dir: string, html: string): { bytes: number; files: string[] } {
  const text = readFileSync(resolve(dir, html), 'utf8');
  const files = [
    ...text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  return { bytes: files.reduce((sum, f) => sum + gz(resolve(dir, f)), 0), files };
}

/** A content script's initial file(s) as the manifest declares them. */
export function contentScriptGzip(dir: string): { bytes: number; files: string[] } {
  const manifest = JSON.parse(readFileSync(resolve(dir, 'manifest.json'), 'utf8')) as {
    content_scripts?: Array<{ js?: string[] }>;
  };
  // Declared ones, and those registered at run time (scripting.registerContentScripts) from content-scripts/.
  const registered = readdirSync(resolve(dir, 'content-scripts'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `content-scripts/${f}`);
  const files = [...new Set([...(manifest.content_scripts ?? []).flatMap((c) => c.js ?? []), ...registered])];
  // Each declared script runs on its own pages: the largest is what one page loads first.
  const sizes = files.map((f) => ({ f, bytes: gz(resolve(dir, f)) }));
  const largest = sizes.sort((a, b) => b.bytes - a.bytes)[0];
  return { bytes: largest?.bytes ?? 0, files: sizes.map((s) => `${s.f} ${(s.bytes / 1024).toFixed(1)} KB`) };
}
