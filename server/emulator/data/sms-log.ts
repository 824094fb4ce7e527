// The texts the platform was asked to send, per account, in order: what a test (and the control surface)
// reads to see that a customer got exactly one, since the emulator sends nothing to a real phone.

export interface SentSms {
  /** The emulator's own id of the send (the platform answers none that is public). */
  id: number;
  /** The number in international form (E.164), as the platform would dial it. */
  to: string;
  /** As the caller wrote it. */
  to_as_sent: string;
  message: string;
  /** The job it was about, when the caller named one (`regardingJobUUID`). */
  regarding_job_uuid: string | null;
  /** Who sent it: the impersonated staff member, else the staff member whose consent made the token. */
  sent_by_staff_uuid: string | null;
  /** ms since the epoch, on the emulator's clock. */
  sent_at: number;
}

export interface SmsLog {
  record(accountUuid: string, sms: Omit<SentSms, 'id'>): SentSms;
  /** Every text of the account, oldest first. */
  list(accountUuid: string): SentSms[];
}

export function createSmsLog(): SmsLog {
  const byAccount = new Map<string, SentSms[]>();
  let next = 1;
  return {
    record(accountUuid, sms) {
      const sent = { id: next++, ...sms };
      const list = byAccount.get(accountUuid) ?? [];
      list.push(sent);
      byAccount.set(accountUuid, list);
      return sent;
    },
    list: (accountUuid) => [...(byAccount.get(accountUuid) ?? [])],
  };
}
