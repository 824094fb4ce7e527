// A tiny web-service add-on for the emulator's tests: listens on 127.0.0.1 (ephemeral port), records every event the
// platform posts (its content type and raw body), and answers what the test says. Its default answer is the
// official samples' `{"eventResponse": <page>}`, a page that uses the client SDK the way they do: a "Load job data"
// button that invokes a follow-up event, a "Close" button and a "Make bigger" button.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AddonManifest } from './manifest';

export interface ReceivedEvent {
  contentType: string;
  body: string;
}

export interface TestAddonAnswer {
  status?: number;
  contentType?: string;
  body: string;
  /** Never answer (a timeout). */
  hang?: boolean;
}

export interface TestAddon {
  eventUrl: string;
  received: ReceivedEvent[];
  /** Decides the answer to each event (given its decoded payload); the default is `samplePage` as an
   * eventResponse. */
  answer: (payload: Record<string, unknown>, webUrl: string) => TestAddonAnswer;
  close(): Promise<void>;
}

/** Mixed case on purpose: the platform lower-cases event names before they reach the add-on. */
export const TEST_MANIFEST: AddonManifest = {
  name: 'Job Helper',
  version: '1.0',
  supportURL: 'https://support.example/',
  supportEmail: 'help@support.example',
  actions: [
    { name: 'Job Helper', type: 'online', entity: 'job', event: 'Job_Helper_Open' },
    { name: 'Job Helper Mobile', type: 'app', entity: 'job', event: 'Job_Helper_Mobile' },
    { name: 'Client Helper', type: 'online', entity: 'company', event: 'client_helper' },
  ],
};

/** The payload of a compact JWT, unverified (the tests verify the signature on their own). */
export const jwtPayload = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** An answer as the official samples give it: `{"eventResponse": <html or text>}`, as JSON. */
export const eventResponse = (response: string, status = 200): TestAddonAnswer => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify({ eventResponse: response }),
});

/** A page as an add-on would answer it: the SDK from the platform, and buttons that call each SDK method. */
export function samplePage(webUrl: string, payload: Record<string, unknown>): string {
  const args = payload.eventArgs as { jobUUID?: string };
  return `<!doctype html><html><head>
<link rel="stylesheet" href="${webUrl}/sdk/1.0/sdk.css"><script src="${webUrl}/sdk/1.0/sdk.js"></script>
<script>var client = SMClient.init(); client.resizeWindow(500, 300);</script>
</head><body>
<h1>Job Helper</h1><p id="job">You opened job ${String(args.jobUUID)}</p>
<p id="origin"></p><script>try { document.getElementById('origin').textContent = 'cookie:' + document.cookie; } catch (e) { document.getElementById('origin').textContent = 'no cookies here'; }</script>
<button id="load" onclick="client.invoke('Load_Job_Data', { jobUUID: '${String(args.jobUUID)}' }).then(function (t) { document.getElementById('answer').textContent = t; }, function (e) { document.getElementById('answer').textContent = 'failed: ' + e.message; })">Load job data</button>
<button id="bigger" onclick="client.resizeWindow(5000, 5000)">Make bigger</button>
<button id="close" onclick="client.closeWindow()">Close</button>
<pre id="answer"></pre>
</body></html>`;
}

export async function startTestAddon(webUrl: () => string): Promise<TestAddon> {
  const received: ReceivedEvent[] = [];
  const hanging = new Set<ServerResponse>();
  const addon: TestAddon = {
    eventUrl: '',
    received,
    answer: (payload, web) =>
      eventResponse(
        payload.eventName === 'load_job_data'
          ? `data of ${String((payload.eventArgs as { jobUUID?: string }).jobUUID)}`
          : samplePage(web, payload),
      ),
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ contentType: req.headers['content-type'] ?? '', body });
      let payload: Record<string, unknown> = {};
      try {
        payload = jwtPayload(body);
      } catch {
        // not a token: the answer function sees an empty payload
      }
      const answer = addon.answer(payload, webUrl());
      if (answer.hang) {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'text/html; charset=utf-8' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  addon.eventUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/addon/event`;
  return addon;
}
