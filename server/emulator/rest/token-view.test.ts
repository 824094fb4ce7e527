// What a token sees, under each position of `tokenView` and `impersonation` (FIDELITY.md): the platform does not say
// whether a token carries the whole account's privileges or its granting person's, nor whether acting as someone may
// widen what the token sees. Over real HTTP, with tokens of the consent's shape (issueTokens).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountInfo, StaffInfo, Switches } from '../contracts';
import { startEmulator, type StartedEmulator } from '../start';
import { createApi } from './test-support';

type Rec = Record<string, string | number>;
let emu: StartedEmulator;
let account: AccountInfo;
let technician: StaffInfo;
let office: StaffInfo;
let theirs: string;
let notTheirs: string;

const SCOPES = ['read_jobs', 'read_job_notes', 'publish_job_notes'];

beforeAll(async () => {
  emu = await startEmulator({ jobs: 600, seed: 29, quiet: true, rateLimitPerMinute: 100_000 });
  account = emu.info.accounts[0]!;
  technician = account.staff.find((s) => s.role === 'technician' && s.active)!;
  office = account.staff.find((s) => s.role === 'office' && s.active)!;
  const visible = await emu.control.visibleJobUuids(account.uuid, technician.uuid);
  theirs = visible[0]!;
  notTheirs = String(
    (await emu.control.listRecords(account.uuid, 'job')).find((j) => !visible.includes(String(j.uuid)))!.uuid,
  );
});
afterAll(() => emu.close());
beforeEach(async () => {
  await emu.control.setSwitches({ tokenView: 'account', impersonation: 'widens' });
});

/** The status of reading `job` with `grantor`'s token, acting as `as` when given. */
async function read(grantor: StaffInfo, job: string, as?: StaffInfo): Promise<number> {
  const tokens = await emu.control.issueTokens(account.uuid, grantor.uuid, SCOPES);
  const api = createApi(emu.info.base_url, { token: tokens.access_token, ...(as ? { impersonate: as.uuid } : {}) });
  return (await api<Rec>('GET', `job/${job}.json`)).status;
}

describe('tokenView', () => {
  it('`account`: a technician’s token reads any job of the account', async () => {
    expect(await read(technician, notTheirs)).toBe(200);
  });

  it('`grantor`: a technician’s token reads only what the technician may see', async () => {
    await emu.control.setSwitches({ tokenView: 'grantor' });
    expect(await read(technician, theirs)).toBe(200);
    expect(await read(technician, notTheirs)).toBe(404);
    // The office sees every job, so its token does too.
    expect(await read(office, notTheirs)).toBe(200);
  });

  it('`grantor`: writes are held to the grantor’s jobs too', async () => {
    await emu.control.setSwitches({ tokenView: 'grantor' });
    const tokens = await emu.control.issueTokens(account.uuid, technician.uuid, SCOPES);
    const api = createApi(emu.info.base_url, { token: tokens.access_token });
    const note = { related_object: 'job', related_object_uuid: notTheirs, note: 'Not mine' };
    expect((await api('POST', 'note.json', note)).status).toBe(403);
  });
});

describe.each<Switches['tokenView']>(['account', 'grantor'])('impersonation, under tokenView %s', (tokenView) => {
  it('acting as the technician always narrows an office token to the technician’s jobs', async () => {
    await emu.control.setSwitches({ tokenView, impersonation: 'widens' });
    expect(await read(office, notTheirs, technician)).toBe(404);
    await emu.control.setSwitches({ tokenView, impersonation: 'narrows' });
    expect(await read(office, notTheirs, technician)).toBe(404);
    expect(await read(office, theirs, technician)).toBe(200);
  });

  it('acting as the office widens a technician’s token only when impersonation `widens` (or the token sees all)', async () => {
    await emu.control.setSwitches({ tokenView, impersonation: 'widens' });
    expect(await read(technician, notTheirs, office)).toBe(200);
    await emu.control.setSwitches({ tokenView, impersonation: 'narrows' });
    expect(await read(technician, notTheirs, office)).toBe(tokenView === 'grantor' ? 404 : 200);
  });
});
