import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config';

// compose.yaml and .env.example, held to the code: compose builds from the repository's root with this folder's
// Dockerfile, reads .env, and points the companion at its own Redis; the example names every variable config.ts
// reads and nothing else, holds no secret, and the companion refuses it until the secrets are filled in.

const HERE = import.meta.dirname;
const compose = readFileSync(resolve(HERE, 'compose.yaml'), 'utf8');
const example = readFileSync(resolve(HERE, '.env.example'), 'utf8');

/** `NAME=value` lines of the example, set (uncommented) or shown with their default (`# NAME=value`). */
function exampleLines(): { set: Record<string, string>; shown: string[] } {
  const set: Record<string, string> = {};
  const shown: string[] = [];
  for (const line of example.split('\n')) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    if (match[1]) shown.push(match[2]!);
    else set[match[2]!] = match[3]!;
  }
  return { set, shown };
}

/** The value of `key:` on the first line that has it (the file's few keys are unique). */
const valueOf = (key: string): string | undefined =>
  new RegExp(`^\\s*${key}:\\s*(\\S.*)$`, 'm').exec(compose)?.[1]?.trim();

describe('compose.yaml', () => {
  it("builds the image from the repository root with this folder's Dockerfile, and reads .env", () => {
    expect(resolve(HERE, valueOf('context')!)).toBe(resolve(HERE, '../..'));
    expect(existsSync(resolve(HERE, '../..', valueOf('dockerfile')!))).toBe(true);
    expect(resolve(HERE, '../..', valueOf('dockerfile')!)).toBe(resolve(HERE, 'Dockerfile'));
    expect(valueOf('env_file')).toBe('.env');
  });

  it('points the companion at a Redis service of its own, which it waits for', () => {
    const redisUrl = new URL(valueOf('REDIS_URL')!);
    expect(redisUrl.protocol).toBe('redis:');
    expect(compose).toMatch(new RegExp(`^  ${redisUrl.hostname}:\\n\\s+image: redis:`, 'm'));
    expect(compose).toMatch(/condition: service_healthy/);
  });

  it("publishes the port on the host's loopback only, and gives a stop more time than the shutdown grace", () => {
    expect(compose).toMatch(/- ["']127\.0\.0\.1:8787:8787["']/);
    const grace = Number(/^(\d+)s$/.exec(valueOf('stop_grace_period') ?? '')?.[1]);
    expect(grace * 1000).toBeGreaterThan(loadConfig(filledIn()).shutdownGraceMs + 1_000);
  });
});

/** The example's variables with its three empty secrets filled in by test values. */
function filledIn(): Record<string, string> {
  return {
    ...exampleLines().set,
    CLIENT_ID: 'the-app-id',
    CLIENT_SECRET: 'the-app-secret-value',
    SIGNING_SECRET: 'a-signing-secret-of-at-least-32-characters',
  };
}

describe('.env.example', () => {
  it('names every variable the companion reads, and no other', () => {
    const { set, shown } = exampleLines();
    const named = [...Object.keys(set), ...shown];
    expect(
      named.filter((name) => !CONFIG_VARIABLES.includes(name)),
      'in .env.example, unknown to config.ts',
    ).toEqual([]);
    expect(
      CONFIG_VARIABLES.filter((name) => !named.includes(name)),
      'read by config.ts, missing from .env.example',
    ).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  it('holds no secret: the companion refuses it until the App ID, the App Secret and a signing secret are filled in', () => {
    const { set } = exampleLines();
    expect([set.CLIENT_ID, set.CLIENT_SECRET, set.SIGNING_SECRET]).toEqual(['', '', '']);
    let message = '';
    try {
      loadConfig(set);
    } catch (error) {
      message = (error as Error).message;
    }
    const named = [...message.matchAll(/([A-Z][A-Z0-9_]+): /g)].map((m) => m[1]).sort();
    expect(named).toEqual(['CLIENT_ID', 'CLIENT_SECRET', 'SIGNING_SECRET']);
    // Filled in, the rest of the example is a valid production configuration as it stands.
    expect(loadConfig(filledIn())).toMatchObject({ development: false, publicUrl: 'https://companion.example.com' });
  });
});
