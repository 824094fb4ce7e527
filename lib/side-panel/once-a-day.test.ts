import { expect, it } from 'vitest';
import type { WorkspaceKey } from '../settings/workspace-key';
import { onceADay } from './once-a-day';

const key: WorkspaceKey = {
  accountUuid: 'a',
  staffUuid: 's',
  baseUrl: 'http://127.0.0.1:9',
  scopes: [],
  mode: 'api_key',
};

it("reads once per workspace and account day, again on the account's next day or after a failure", async () => {
  let now = Date.UTC(2026, 10, 27, 12, 0); // 23:00 on the 27th in Sydney
  let workspace: WorkspaceKey | null = key;
  const reads: string[] = [];
  let nones = 0;
  let fail = false;
  const refresh = onceADay(
    { key: async () => workspace, hasDay: () => true, timeZone: async () => 'Australia/Sydney', now: () => now },
    async (_key, today) => {
      reads.push(today);
      if (fail) throw new Error('offline');
    },
    async () => void nones++,
  );
  await refresh();
  await refresh();
  expect(reads).toEqual(['2026-11-27']);
  now += 2 * 3_600_000; // 01:00 on the 28th in Sydney, still the 27th in UTC
  fail = true;
  await expect(refresh()).rejects.toThrow('offline');
  fail = false;
  await refresh();
  expect(reads).toEqual(['2026-11-27', '2026-11-28', '2026-11-28']);
  workspace = null;
  await refresh();
  expect(nones).toBe(1);
});
