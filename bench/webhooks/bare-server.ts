import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

// The intake benchmark's ceiling: a bare node:http server that reads each notification and answers 200 as the
// companion acknowledges one, nothing else. Started in the bench's process (webhooks.ts) and, run as a program, in
// child processes of the process rows' shape (bare-processes.ts), which read the port from its first line.

export function createBareServer(): Server {
  return createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"duplicate":false}'),
    );
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = createBareServer();
  server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port));
  process.on('SIGTERM', () => process.exit(0));
}
