import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROME_PUBLIC_KEY, GECKO_ID } from '../../contracts/extension-ids';
import { PRODUCT_COMPANION_URL } from '../../contracts/platform-hosts';

// The store packages as `npm run zip` makes them, unzipped and checked: built for the real platform,
// no "key", no local address in any file, the least host permissions, the content script on the web
// app, a Firefox sources zip that rebuilds the same package, and `web-ext lint` with no error and only
// the warnings docs/how-it-works.md justifies. A development build keeps the pinned Chrome id.

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'fieldside-store-'));
const OUT = join(work, 'out');
const STORE_HOSTS = ['https://api.servicem8.com/*', 'https://go.servicem8.com/*', 'https://companion.fieldside.app/*'];
/** web-ext lint's warnings docs/how-it-works.md explains ("Store packages"): Preact's own innerHTML path, and the
 * content scripts' import of the extension's own UI chunk by its runtime.getURL address. */
const JUSTIFIED_WARNINGS = [
  { code: 'UNSAFE_VAR_ASSIGNMENT', message: /innerHTML/, file: /^(content-ui\.js|chunks\/[\w-]+\.js)$/ },
  { code: 'UNSAFE_VAR_ASSIGNMENT', message: /import for argument 0/, file: /^content-scripts\/(platform|sites)\.js$/ },
];

/** The environment a person building the package has: none of the test runner's (vitest sets
 * NODE_ENV=test, which changes what Vite bundles) and none of the build settings but `extra`. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra };
}
const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()) =>
  execFileSync(command, args, {
    cwd,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
const unzip = (zip: string, into: string) => run('unzip', ['-q', '-o', zip, '-d', into], work);
const zipNamed = (suffix: string) =>
  join(
    OUT,
    readdirSync(OUT).find((f) => f.endsWith(suffix))!,
  );
/** Every file of a folder, relative path → content. */
function files(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = sub ? `${sub}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else out.set(path, readFileSync(join(dir, path)));
    }
  };
  walk('');
  return out;
}
const manifest = (dir: string) =>
  JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;

beforeAll(() => {
  run('npm', ['run', 'zip'], ROOT, cleanEnv({ FIELDSIDE_OUT_DIR: OUT }));
  unzip(zipNamed('-chrome.zip'), join(work, 'chrome'));
  unzip(zipNamed('-firefox.zip'), join(work, 'firefox'));
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('store packages (npm run zip)', () => {
  it("Chrome: no key, the platform and companion hosts only, the content scripts on the web app and the companion's pairing page", () => {
    const m = manifest(join(work, 'chrome'));
    expect(m).not.toHaveProperty('key');
    expect(m.host_permissions).toEqual(STORE_HOSTS);
    expect(m.content_scripts).toEqual([
      expect.objectContaining({ matches: [`${PRODUCT_COMPANION_URL}/pair*`], js: ['content-scripts/pairing.js'] }),
      expect.objectContaining({ matches: ['https://go.servicem8.com/*'], js: ['content-scripts/platform.js'] }),
    ]);
    expect(m.optional_host_permissions).toEqual(['https://*/*']);
    expect(m.storage).toEqual({ managed_schema: 'managed-schema.json' });
    const schema = JSON.parse(readFileSync(join(work, 'chrome', 'managed-schema.json'), 'utf8')) as {
      properties: { connection: { properties: object } };
    };
    expect(Object.keys(schema.properties.connection.properties).sort()).toEqual([
      'authUrl',
      'companionUrl',
      'jobLinkPath',
      'restUrl',
      'webUrl',
    ]);
  });

  it('Firefox: the store id, the same hosts, the same content scripts', () => {
    const m = manifest(join(work, 'firefox')) as {
      permissions: string[];
      browser_specific_settings: { gecko: { id: string } };
      content_scripts: unknown;
    };
    expect(m.browser_specific_settings.gecko.id).toBe(GECKO_ID);
    expect(m.permissions.filter((p) => p.includes('://'))).toEqual(STORE_HOSTS);
    expect(m.content_scripts).toEqual([
      expect.objectContaining({ matches: [`${PRODUCT_COMPANION_URL}/pair*`] }),
      expect.objectContaining({ matches: ['https://go.servicem8.com/*'] }),
    ]);
  });

  it('no local address in any file of either package', () => {
    for (const browser of ['chrome', 'firefox']) {
      for (const [path, content] of files(join(work, browser))) {
        expect(content.toString('latin1'), `${browser}/${path}`).not.toMatch(
          /127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0/,
        );
      }
    }
  });

  it('the Firefox sources zip rebuilds the same package', () => {
    const sources = join(work, 'sources');
    unzip(zipNamed('-sources.zip'), sources);
    expect(readFileSync(join(sources, 'SOURCES.md'), 'utf8')).toContain('FIELDSIDE_TARGET=store');
    expect(files(sources).has('package-lock.json')).toBe(true);
    // The lockfile is the repository's: its installed packages stand in for `npm ci`.
    symlinkSync(join(ROOT, 'node_modules'), join(sources, 'node_modules'));
    run(
      'npx',
      ['wxt', 'build', '-b', 'firefox'],
      sources,
      cleanEnv({ FIELDSIDE_TARGET: 'store', FIELDSIDE_OUT_DIR: join(work, 'rebuilt') }),
    );
    const rebuilt = files(join(work, 'rebuilt', 'firefox-mv2'));
    const shipped = files(join(work, 'firefox'));
    expect([...rebuilt.keys()].sort()).toEqual([...shipped.keys()].sort());
    for (const [path, content] of shipped) expect(rebuilt.get(path)?.equals(content), path).toBe(true);
  }, 120_000);

  it('web-ext lint: no errors, and only the warnings docs/how-it-works.md justifies', () => {
    const report = JSON.parse(
      run('npx', ['web-ext', 'lint', '--source-dir', join(work, 'firefox'), '--output', 'json'], ROOT),
    ) as {
      errors: unknown[];
      warnings: Array<{ code: string; message: string; file: string }>;
    };
    expect(report.errors).toEqual([]);
    const unexplained = report.warnings.filter(
      (w) => !JUSTIFIED_WARNINGS.some((j) => j.code === w.code && j.message.test(w.message) && j.file.test(w.file)),
    );
    expect(unexplained).toEqual([]);
  }, 120_000);

  it("a companion host chosen at build time replaces the product's own", () => {
    const out = join(work, 'custom');
    run(
      'npx',
      ['wxt', 'build'],
      ROOT,
      cleanEnv({
        FIELDSIDE_TARGET: 'store',
        FIELDSIDE_COMPANION_URL: 'https://fieldside.acme.example',
        FIELDSIDE_OUT_DIR: out,
      }),
    );
    expect(manifest(join(out, 'chrome-mv3')).host_permissions).toEqual([
      'https://api.servicem8.com/*',
      'https://go.servicem8.com/*',
      'https://fieldside.acme.example/*',
    ]);
  }, 120_000);

  it('a development build keeps the pinned Chrome id and points at this machine', () => {
    const out = join(work, 'dev');
    run('npx', ['wxt', 'build'], ROOT, cleanEnv({ FIELDSIDE_OUT_DIR: out }));
    const m = manifest(join(out, 'chrome-mv3'));
    expect(m.key).toBe(CHROME_PUBLIC_KEY);
    expect(m.host_permissions).toEqual(['http://127.0.0.1/*']);
  }, 120_000);
});
