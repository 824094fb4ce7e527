import type { ControlClient, EmulatorInfo, FaultSpec, IssuedTokens, Switches } from '../contracts';
import { CONTROL_HEADER } from './guard';

/** The typed client of {base_url}/_emulator (plain fetch, so tests and tools need nothing else), with the
 * control token the emulator printed at start (`control_token`). */
export function createControlClient(info: Pick<EmulatorInfo, 'base_url' | 'control_token'>): ControlClient {
  const root = `${info.base_url.replace(/\/$/, '')}/_emulator`;
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${root}${path}`, {
      method,
      headers: {
        [CONTROL_HEADER]: info.control_token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`Emulator control ${method} ${path} failed: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }
  const acct = (accountUuid: string) => `/accounts/${encodeURIComponent(accountUuid)}`;
  return {
    info: () => call<EmulatorInfo>('GET', '/info'),
    now: async () => (await call<{ now: number }>('GET', '/clock')).now,
    advanceClock: async (seconds) => {
      await call('POST', '/clock/advance', { seconds });
    },
    updateRecord: async (accountUuid, recordType, uuid, fields, opts) => {
      await call('POST', `${acct(accountUuid)}/records/${recordType}/${uuid}`, { fields, raw: opts?.raw ?? false });
    },
    createRecord: async (accountUuid, recordType, fields) =>
      (await call<{ uuid: string }>('POST', `${acct(accountUuid)}/records/${recordType}`, { fields })).uuid,
    listRecords: (accountUuid, recordType) => call('GET', `${acct(accountUuid)}/records/${recordType}`),
    visibleJobUuids: (accountUuid, staffUuid) => call('GET', `${acct(accountUuid)}/staff/${staffUuid}/jobs`),
    revokeAccess: async (accountUuid) => {
      await call('POST', `${acct(accountUuid)}/revoke`);
    },
    issueTokens: (accountUuid, staffUuid, scopes) =>
      call<IssuedTokens>('POST', '/tokens', { accountUuid, staffUuid, scopes }),
    injectFault: async (fault: FaultSpec) => {
      await call('POST', '/faults', fault);
    },
    clearFaults: async () => {
      await call('DELETE', '/faults');
    },
    setRateLimit: async (perMinute, perDay) => {
      await call('POST', '/rate-limit', perDay === undefined ? { perMinute } : { perMinute, perDay });
    },
    stats: () => call('GET', '/stats'),
    switches: () => call<Switches>('GET', '/switches'),
    setSwitches: (patch) => call<Switches>('POST', '/switches', patch),
    setUuidReuse: async (uuidReuse) => {
      await call('POST', '/switches', { uuidReuse });
    },
    setWebhookContentType: async (webhookContentType) => {
      await call('POST', '/switches', { webhookContentType });
    },
    setUnparsableFilter: async (unparsableFilter) => {
      await call('POST', '/switches', { unparsableFilter });
    },
    setPageSize: async (pageSize) => {
      await call('POST', '/switches', { pageSize });
    },
    sentSms: (accountUuid) => call('GET', `${acct(accountUuid)}/sms`),
  };
}
