// A new job (with a new customer) through the outbox against the real emulator: both creates' answers lost after the
// platform acted, under each reading of a repeated uuid (the platform's is not known): one customer, one job.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPlatformClient } from '../../../lib/api/client';
import { createRateLimiter } from '../../../lib/api/rate-limiter';
import { createOutbox } from '../../../lib/outbox/outbox';
import { createOutboxSender } from '../../../lib/outbox/sender';
import { startOutboxPlatform, type OutboxPlatform } from './platform';

let platform: OutboxPlatform;
beforeAll(async () => {
  platform = await startOutboxPlatform(84);
});
afterAll(async () => {
  await platform?.control.clearFaults();
  await platform?.close();
});

it.each(['update', 'refuse', 'duplicate'] as const)(
  'makes one customer and one job, though the platform took each create and its answer was lost (a repeated uuid: %s)',
  async (mode) => {
    const { control, account, info } = platform;
    await control.setSwitches({ uuidReuse: mode });
    const name = `Priya Quennell ${mode}`;
    const what = `Leaking tap upstairs (${mode})`;
    const outbox = createOutbox({ accountUuid: account.uuid, indexedDB: new IDBFactory() });
    const jobUuid = crypto.randomUUID();
    const companyUuid = crypto.randomUUID();
    await outbox.enqueue({
      kind: 'job-create',
      jobUuid,
      clientUuid: jobUuid,
      payload: {
        description: what,
        address: '14 Quillfeather Lane, Brunswick VIC 3056',
        company: { uuid: companyUuid, name, isNew: true },
      },
    });
    const faultsBefore = (await control.stats()).faultsInjected;
    for (const pathPrefix of ['/api_1.0/company.json', '/api_1.0/job.json'])
      await control.injectFault({ kind: 'lose_answer', count: 1, pathPrefix });
    const sender = createOutboxSender({
      outbox,
      client: createPlatformClient({
        baseUrl: info.base_url,
        auth: { kind: 'api_key', apiKey: account.api_key },
        limiter: createRateLimiter({ perMinute: 100_000 }),
        retry: { baseDelayMs: 5, maxDelayMs: 20, limit: 2 },
      }),
      setTimer: () => () => {},
    });
    for (let pass = 0; pass < 10 && (await outbox.count()) > 0; pass++) await sender.flush();
    expect((await control.stats()).faultsInjected - faultsBefore).toBe(2);
    expect(await outbox.count()).toBe(0);

    const companies = (await control.listRecords(account.uuid, 'company')).filter((c) => c.name === name);
    expect(companies.map((c) => c.uuid)).toEqual([companyUuid]);
    const jobs = (await control.listRecords(account.uuid, 'job')).filter((j) => j.job_description === what);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      uuid: jobUuid,
      company_uuid: companyUuid,
      job_address: '14 Quillfeather Lane, Brunswick VIC 3056',
      status: 'Quote',
    });
  },
);
