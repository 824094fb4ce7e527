import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A web page of someone else's (a webmail, an attacker's site) served on 127.0.0.1 at `url`, whatever the path. */
export interface LocalPage {
  url: string;
  close(): Promise<void>;
}

export async function serveLocalPage(html: string, headers: Record<string, string> = {}): Promise<LocalPage> {
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbox`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
