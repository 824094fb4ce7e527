// Drives /authorize and the consent form over plain HTTP, the way a browser would (it keeps the
// browser cookie). For tests of the emulator and of anything that needs a real authorization code.

export type AuthorizeOutcome =
  | { kind: 'redirect'; status: number; location: URL }
  | {
      kind: 'consent';
      status: number;
      html: string;
      formToken: string;
      newScopes: string[];
      grantedScopes: string[];
      people: string[];
    }
  | { kind: 'error'; status: number; html: string };

function listScopes(html: string, id: string): string[] {
  const list = new RegExp(`<ul id="${id}">([\\s\\S]*?)</ul>`).exec(html)?.[1] ?? '';
  return [...list.matchAll(/data-scope="([^"]*)"/g)].map((m) => m[1] ?? '');
}

/** One simulated browser: its own cookie jar, so two drivers are two people on two machines. */
export function createConsentDriver() {
  const cookies = new Map<string, string>();

  async function send(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  }

  async function outcome(res: Response, base: string): Promise<AuthorizeOutcome> {
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      return { kind: 'redirect', status: res.status, location: new URL(location, base) };
    }
    const html = await res.text();
    const formToken = /name="form_token" value="([^"]*)"/.exec(html)?.[1];
    if (res.status !== 200 || !formToken) return { kind: 'error', status: res.status, html };
    const people = [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1] ?? '').filter((v) => v !== '');
    return {
      kind: 'consent',
      status: res.status,
      html,
      formToken,
      newScopes: listScopes(html, 'new-scopes'),
      grantedScopes: listScopes(html, 'granted-scopes'),
      people,
    };
  }

  return {
    cookies,
    /** Opens an authorize URL; answers the redirect, the consent page, or the error page. */
    async open(authorizeUrl: string): Promise<AuthorizeOutcome> {
      return outcome(await send(authorizeUrl), authorizeUrl);
    },
    /** Answers a consent page as `person` ("<account uuid>:<staff uuid>"). `extra` adds or overrides fields. */
    async answer(
      authorizeUrl: string,
      formToken: string,
      decision: 'allow' | 'deny',
      person?: string,
      extra: Record<string, string> = {},
    ): Promise<AuthorizeOutcome> {
      const form = new URLSearchParams({ form_token: formToken, decision, ...(person ? { person } : {}), ...extra });
      const consentUrl = new URL('consent', authorizeUrl).toString();
      const res = await send(consentUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      return outcome(res, consentUrl);
    },
    /** The whole browser part: open, allow as `person` if asked, and answer the code from the redirect. */
    async authorizeCode(authorizeUrl: string, person: string): Promise<{ code: string; location: URL }> {
      let result = await this.open(authorizeUrl);
      if (result.kind === 'consent') result = await this.answer(authorizeUrl, result.formToken, 'allow', person);
      const code = result.kind === 'redirect' ? result.location.searchParams.get('code') : null;
      if (result.kind !== 'redirect' || !code) throw new Error(`No code: ${result.kind} ${result.status}`);
      return { code, location: result.location };
    },
  };
}

export type ConsentDriver = ReturnType<typeof createConsentDriver>;
