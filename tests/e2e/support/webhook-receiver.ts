import { createServer, type Server } from 'node:http';

// A callback URL that a test controls: it passes the platform's verification (answers the
// challenge byte for byte) and answers every notification with `status` (500: a failing receiver).

export interface TestReceiver {
  url: string;
  notifications: unknown[];
  status: number;
  close(): Promise<void>;
}

export async function startReceiver(status = 500): Promise<TestReceiver> {
  const receiver: TestReceiver = { url: '', notifications: [], status, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      if (form.get('mode') === 'subscribe' && form.get('challenge')) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(form.get('challenge'));
        return;
      }
      receiver.notifications.push(JSON.parse(body || 'null'));
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
