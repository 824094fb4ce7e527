import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The Firefox a test launches must be one the built extension installs in: its manifest's strict_min_version
// (wxt.config.ts). Debian 12's own firefox-esr is older (ESR 140) than the one its security updates carry (ESR 153),
// so a machine that installed it without `apt-get update` first had every Firefox test fail at the install with
// Firefox's "not compatible with application version". Said once, before launching, with what to do.

/** The major version in `firefox-esr --version`'s line ("Mozilla Firefox 153.8.0esr"), or NaN. */
export function firefoxMajor(versionLine: string): number {
  return Number(/(\d+)\.\d+/.exec(versionLine)?.[1] ?? NaN);
}

/** Why this Firefox cannot run the extension, in words; undefined when it can (or its version cannot be read). */
export function tooOldFor(versionLine: string, strictMinVersion: string | undefined): string | undefined {
  const have = firefoxMajor(versionLine);
  const need = firefoxMajor(strictMinVersion ?? '');
  if (!(have < need)) return undefined;
  return (
    `${versionLine.trim()} is older than the Firefox ${strictMinVersion} Fieldside's Firefox build needs. On Debian 12: ` +
    '`apt-get update && apt-get install firefox-esr` (its security updates carry ESR 153).'
  );
}

let checked: string | undefined;

/** Throws, once per extension folder, when /usr/bin/firefox-esr is too old for the extension built in `extensionDir`. */
export function assertFirefoxRuns(executable: string, extensionDir: string): void {
  if (checked === extensionDir) return;
  const manifest = JSON.parse(readFileSync(join(extensionDir, 'manifest.json'), 'utf8')) as {
    browser_specific_settings?: { gecko?: { strict_min_version?: string } };
  };
  const line = execFileSync(executable, ['--version'], { encoding: 'utf8' });
  const why = tooOldFor(line, manifest.browser_specific_settings?.gecko?.strict_min_version);
  if (why) throw new Error(why);
  checked = extensionDir;
}
