import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// The local webmail pages (webmail/gmail.html, webmail/outlook.html: each says what it reproduces and what is a
// guess), filled with one e-mail and served on 127.0.0.1 at /gmail and /outlook.

export interface TestEmail {
  name: string;
  email: string;
  subject: string;
  body: string;
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const page = (which: 'gmail' | 'outlook', mail: TestEmail) =>
  readFileSync(new URL(`./webmail/${which}.html`, import.meta.url), 'utf8').replace(
    /\{\{(\w+)\}\}/g,
    (_, key: keyof TestEmail) => escape(mail[key]),
  );

export async function serveWebmail(
  mail: TestEmail,
): Promise<{ url: (which: 'gmail' | 'outlook') => string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const which = req.url?.startsWith('/outlook') ? 'outlook' : req.url?.startsWith('/gmail') ? 'gmail' : null;
    if (!which) return void res.writeHead(404).end();
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(page(which, mail));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (which) => `http://127.0.0.1:${port}/${which}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
