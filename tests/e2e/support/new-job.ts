import type { Stack } from './stack';

// The office's caller, for the new-job tests in Chromium and Firefox: the office manager who takes the call, and a
// customer whose contact's mobile is stored as the office wrote it (a number of the range kept for fiction, ACMA, so
// no seeded contact has it). The caller says it as TYPED.

export const STORED = '0491 570 156';
export const TYPED = '+61491570156';

export async function arrangeCaller(stack: Stack) {
  const { control, info } = stack.emulator;
  const account = stack.account.uuid;
  const staff = info.accounts[0]!.staff.find((s) => s.role === 'office' && s.active)!;
  const record = (await control.listRecords(account, 'company')).find((c) => Number(c.active) === 1)!;
  const company = { uuid: String(record.uuid), name: String(record.name) };
  const contact = (await control.listRecords(account, 'companycontact')).find((c) => c.company_uuid === company.uuid)!;
  await control.updateRecord(account, 'companycontact', String(contact.uuid), { mobile: STORED });
  return { office: { uuid: staff.uuid, name: staff.name }, company };
}

/** The platform's jobs with this description, deleted ones included. */
export async function jobsWith(stack: Stack, description: string) {
  return (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).filter(
    (j) => j.job_description === description,
  );
}
