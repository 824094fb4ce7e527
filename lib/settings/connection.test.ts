import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { connectionItem, defaultConnection } from './items';
import { managedConnectionFields, readConnection } from './validated-reads';
import { ConnectionSchema } from './schemas';

// The connection in force: the build's defaults, the person's setting, an administrator's policy.

afterEach(() => fakeBrowser.reset());

describe('the connection', () => {
  it("starts as the build made it: the platform's three roles and the companion", async () => {
    expect(ConnectionSchema.safeParse(defaultConnection).success).toBe(true);
    expect(await readConnection()).toEqual(defaultConnection);
    expect(await managedConnectionFields()).toEqual([]);
  });

  it('moves a version-1 setting (one platform URL) to the REST host, the others as built', async () => {
    await fakeBrowser.storage.local.set({
      connection: { platformUrl: 'https://api.example.com', companionUrl: 'https://companion.example.com' },
      connection$: { v: 1 },
    });
    await connectionItem.migrate();
    expect(await connectionItem.getValue()).toEqual({
      ...defaultConnection,
      restUrl: 'https://api.example.com',
      companionUrl: 'https://companion.example.com',
    });
  });

  it("takes an administrator's fields over the person's, field by field, and says which", async () => {
    await connectionItem.setValue({
      ...defaultConnection,
      restUrl: 'https://mine.example.com',
      webUrl: 'https://web.example.com',
    });
    await fakeBrowser.storage.managed.set({
      connection: { restUrl: 'https://api.corp.example', jobLinkPath: '/job/{uuid}' },
    });
    expect(await readConnection()).toMatchObject({
      restUrl: 'https://api.corp.example',
      webUrl: 'https://web.example.com',
      jobLinkPath: '/job/{uuid}',
    });
    expect(await managedConnectionFields()).toEqual(['restUrl', 'jobLinkPath']);
  });

  it('ignores a policy it cannot read (an insecure URL), rather than sending tokens there', async () => {
    await fakeBrowser.storage.managed.set({ connection: { restUrl: 'http://api.corp.example' } });
    expect((await readConnection()).restUrl).toBe(defaultConnection.restUrl);
  });

  it('accepts a job link path only with the job in it', () => {
    for (const [path, ok] of [
      ['/job/{uuid}', true],
      ['/#job,{uuid}', true],
      ['/job?uuid={uuid}', true],
      ['/jobs', false],
      ['javascript:{uuid}', false],
      [null, true],
    ] as const) {
      expect(ConnectionSchema.safeParse({ ...defaultConnection, jobLinkPath: path }).success, String(path)).toBe(ok);
    }
  });
});
