// Helpers for the emulator's integration tests: real HTTP against a started emulator, nothing mocked.

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
