// A browser's cookie jar for the web app's HTTP tests: signs in through the sign-in form and keeps the cookie.
import type { AccountInfo, StaffInfo } from '../contracts';

export interface WebSession {
  get(path: string): Promise<{ status: number; html: string; location: string | null }>;
  cookie: string;
}

/** Signs `staff` of `account` in through POST /login, as the sign-in form does. */
export async function signIn(webUrl: string, account: AccountInfo, staff: StaffInfo): Promise<WebSession> {
  const res = await fetch(`${webUrl}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ person: `${account.uuid}:${staff.uuid}`, next: '/' }),
  });
  if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return {
    cookie,
    async get(path) {
      const answer = await fetch(`${webUrl}${path}`, { redirect: 'manual', headers: { cookie } });
      return { status: answer.status, html: await answer.text(), location: answer.headers.get('location') };
    },
  };
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text as a browser reads it from escaped markup: numeric and the five named entities. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|[a-z]+);/g, (whole, name: string) =>
    name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : (NAMED[name] ?? whole),
  );
}

/** The windows in a page or fragment: job uuid and header text (entities decoded). */
export function windowsIn(html: string): Array<{ jobUuid: string; title: string }> {
  return [
    ...html.matchAll(
      /<div\s+class="x-window[^"]*"\s+id="[^"]+"\s+data-job-uuid="([^"]*)"[\s\S]*?<span class="x-window-header-text"[^>]*>([^<]*)<\/span>/g,
    ),
  ].map((m) => ({
    jobUuid: m[1] ?? '',
    title: decodeEntities(m[2] ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}
