import type { AccountInfo, StaffInfo } from '../contracts';

export interface Person {
  accountUuid: string;
  staffUuid: string;
}

/** The accounts and staff a person can sign in as on the consent page: active staff only. */
export function findActivePerson(
  accounts: readonly AccountInfo[],
  person: Person,
): { account: AccountInfo; staff: StaffInfo } | undefined {
  const account = accounts.find((a) => a.uuid === person.accountUuid);
  const staff = account?.staff.find((s) => s.uuid === person.staffUuid);
  if (!account || !staff || !staff.active) return undefined;
  return { account, staff };
}

/** The consent form's value for one person. UUIDs hold no ":", so the split is unambiguous. */
export function personValue(person: Person): string {
  return `${person.accountUuid}:${person.staffUuid}`;
}

export function parsePersonValue(value: string): Person | undefined {
  const [accountUuid, staffUuid, ...rest] = value.split(':');
  if (!accountUuid || !staffUuid || rest.length > 0) return undefined;
  return { accountUuid, staffUuid };
}
