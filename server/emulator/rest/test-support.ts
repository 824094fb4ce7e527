// Helpers for the emulator's integration tests: real HTTP against a started emulator, nothing mocked.
import { afterAll, beforeAll, expect } from 'vitest';
import type { AccountInfo } from '../contracts';
import type { EmulatorOptions } from '../options';
import { startEmulator, type StartedEmulator } from '../start';

export interface Auth {
  apiKey?: string;
  token?: string;
  impersonate?: string;
}

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A tiny REST caller: JSON in, JSON out, credentials as the platform takes them. */
export function createApi(baseUrl: string, auth: Auth) {
  return async function api<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiAnswer<T>> {
    const h: Record<string, string> = { ...headers };
    if (auth.apiKey) h['x-api-key'] = auth.apiKey;
    if (auth.token) h.authorization = `Bearer ${auth.token}`;
    if (auth.impersonate) h['x-impersonate-uuid'] = auth.impersonate;
    let payload: string | undefined;
    if (typeof body === 'string') payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${baseUrl}/api_1.0/${path}`, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text for the assertion message
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  };
}

export type Api = ReturnType<typeof createApi>;

/** `$filter` query string, URL-encoded as the platform requires. */
export const filterQuery = (filter: string) => `$filter=${encodeURIComponent(filter)}`;

/** An emulator started before this file's tests and closed after them, with its first account's admin API;
 * generous rate limits so that only a test about limits meets one. */
export function useSeededEmulator(options: Omit<EmulatorOptions, 'quiet' | 'rateLimitPerMinute'>) {
  let started: { emu: StartedEmulator; api: Api } | undefined;
  const running = () => started ?? expect.unreachable('the emulator starts in beforeAll');
  beforeAll(async () => {
    const emu = await startEmulator({ quiet: true, rateLimitPerMinute: 100_000, ...options });
    started = { emu, api: createApi(emu.info.base_url, { apiKey: emu.info.accounts[0]!.api_key }) };
  });
  afterAll(() => started?.emu.close());
  const api: Api = (method, path, body, headers) => running().api(method, path, body, headers);
  return {
    api,
    get control(): StartedEmulator['control'] {
      return running().emu.control;
    },
    get info(): StartedEmulator['info'] {
      return running().emu.info;
    },
    get account(): AccountInfo {
      return running().emu.info.accounts[0]!;
    },
  };
}
