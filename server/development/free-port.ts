import { createServer } from 'node:net';

/** A port on 127.0.0.1 that was free a moment ago and has nothing listening on it now: to reserve the
 * companion's port before the emulator starts (its Return URL names the port), or as "the platform is down". */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('The system gave no TCP port');
  return address.port;
}
