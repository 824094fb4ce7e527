import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, posix, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMPANION_PATHS } from '../../contracts/companion-http';
import { argsOf, execForm, parseCopy, parseDockerfile } from '../../tests/support/companion/dockerfile';
import { BUILD_ENTRY_FILE, DEFAULT_OUT_DIR } from './build';
import { loadConfig } from './config';

// The container image cannot be built where the tests run (no Docker daemon), so its Dockerfile is held to the
// repository: every file it copies exists, every script it runs is in package.json, its build stage run by hand
// in a folder holding only what it copies (with the repository's node_modules standing in for `npm ci`) makes the
// file its run stage copies and starts, and the run stage is Node 20, not root, checks /health, and alone binds
// 0.0.0.0.

const ROOT = resolve(import.meta.dirname, '../..');
const text = readFileSync(resolve(import.meta.dirname, 'Dockerfile'), 'utf8');
const stages = parseDockerfile(text);
const build = stages.find((s) => s.name === 'build')!;
const run = stages.at(-1)!;
const packageJson = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const workdir = (stage: typeof build) => argsOf(stage, 'WORKDIR').at(-1) ?? '/';

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('the Dockerfile', () => {
  it('builds in a stage of its own and runs on a small Node 20 image', () => {
    expect(stages).toHaveLength(2);
    expect(build.from).toMatch(/^node:20(\.|-|$)/);
    expect(run.from).toMatch(/^node:20(\.\d+)*-alpine$/);
  });

  it('copies only files that exist and runs only scripts that package.json has', () => {
    for (const copy of argsOf(build, 'COPY').map(parseCopy)) {
      expect(copy.from).toBeUndefined();
      for (const source of copy.sources) expect(existsSync(resolve(ROOT, source)), source).toBe(true);
    }
    const scripts = argsOf(build, 'RUN').flatMap((cmd) => [...cmd.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!));
    expect(scripts).toContain('companion:build');
    for (const script of scripts) expect(packageJson.scripts[script], script).toBeDefined();
  });

  it('runs as an unprivileged user, checks /health, and binds 0.0.0.0 only inside the container', () => {
    const user = argsOf(run, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(['root', '0', '0:0']).not.toContain(user);
    const check = execForm(argsOf(run, 'HEALTHCHECK')[0]!);
    expect(check.join(' ')).toContain(`'${COMPANION_PATHS.health}'`);
    expect(argsOf(run, 'ENV')).toContain('HOST=0.0.0.0');
    expect(argsOf(build, 'ENV').join(' ')).not.toContain('HOST');
    // Everywhere else the companion binds the loopback address unless told otherwise.
    const env = {
      COMPANION_ENV: 'development',
      PLATFORM_BASE_URL: 'http://127.0.0.1:1',
      PLATFORM_AUTH_URL: 'http://127.0.0.1:2',
      CLIENT_ID: 'i',
      CLIENT_SECRET: 's',
      ALLOWED_EXTENSION_IDS: 'fieldside@fieldside.app',
    };
    expect(loadConfig(env, { listeningUrl: 'http://127.0.0.1:3' }).host).toBe('127.0.0.1');
  });

  it('keeps secrets and what it does not need out of the build context', () => {
    const ignore = readFileSync(resolve(import.meta.dirname, 'Dockerfile.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(ignore).toContain('*');
    expect(ignore).toContain('server/companion/.env');
    expect(ignore).toContain('server/companion/dist/');
    for (const source of argsOf(build, 'COPY').flatMap((c) => parseCopy(c).sources)) {
      expect(
        ignore.some((l) => l === `!${source}` || l === `!${source}/`),
        source,
      ).toBe(true);
    }
  });

  it('has a build stage that, run by hand, makes the file the run stage copies and starts', () => {
    const src = mkdtempSync(join(tmpdir(), 'fieldside-docker-build-'));
    scratch.push(src);
    const inStage = (path: string) => join(src, posix.relative(workdir(build), posix.resolve(workdir(build), path)));
    for (const copy of argsOf(build, 'COPY').map(parseCopy)) {
      for (const source of copy.sources) {
        const target =
          copy.dest.endsWith('/') && copy.sources.length > 1
            ? join(inStage(copy.dest), basename(source))
            : inStage(copy.dest);
        cpSync(resolve(ROOT, source), target, {
          recursive: true,
          filter: (file) => !file.includes(`${join('companion', 'dist')}`) && !file.endsWith('.test.ts'),
        });
      }
    }
    // `npm ci` is the one step not run here: the repository's own node_modules stand in for it.
    const runs = argsOf(build, 'RUN');
    expect(runs[0]).toMatch(/npm ci --ignore-scripts/);
    symlinkSync(resolve(ROOT, 'node_modules'), join(src, 'node_modules'));
    for (const command of runs.slice(1))
      execFileSync('sh', ['-c', command], { cwd: src, stdio: 'pipe', env: { PATH: process.env.PATH } });

    const copied = argsOf(run, 'COPY')
      .map(parseCopy)
      .find((c) => c.from === 'build')!;
    expect(copied.sources).toEqual([`${posix.join(workdir(build), relative(ROOT, DEFAULT_OUT_DIR))}/`]);
    const cmd = execForm(argsOf(run, 'CMD')[0]!);
    expect(cmd[0]).toBe('node');
    expect(cmd.at(-1)).toBe(BUILD_ENTRY_FILE);
    expect(existsSync(join(inStage(copied.sources[0]!), BUILD_ENTRY_FILE))).toBe(true);
  });
});
