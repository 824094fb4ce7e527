import { createRequire } from 'node:module';
import { startCompanion } from '../../../server/companion/start';

// Run as its own process (tests/integration/companion/redis-loading.test.ts): starts the companion with the
// environment it was given, has it answer a webhook and a feed request, and prints whether ioredis was loaded.
// ioredis is CommonJS, so however it is reached, by import or require, it lands in the one require cache.

const companion = await startCompanion(process.env);
try {
  await fetch(`${companion.url}/webhooks/not-a-token`, {
    method: 'POST',
    body: 'mode=subscribe&challenge=x',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  await fetch(`${companion.url}/feed`);
} finally {
  await companion.close();
}
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((path) =>
  /[\\/]node_modules[\\/]ioredis[\\/]/.test(path),
);
console.log(JSON.stringify({ ioredis: loaded.length > 0 }));
