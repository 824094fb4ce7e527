// Texts through the platform: `POST {base_url}/platform_service_sms` with `{to, message, regardingJobUUID}`, as public
// integrations call it (the spec names only the scope, publish_sms; server/emulator/FIDELITY.md, "Texts"). A text
// cannot be taken back and the platform takes no idempotency key, so the request is sent as a create: retried only
// after an answer that proves nothing was sent (retry.ts), never after a lost answer or a 5xx.
import type { HttpClient } from './http';

export interface NewText {
  /** The number as the platform should dial it (E.164). */
  to: string;
  message: string;
  /** The job it is about: the platform files the text with the job. */
  jobUuid: string;
}

export function createTextsApi(http: Pick<HttpClient, 'send'>) {
  return {
    /** Sends one text (scope `publish_sms`; the platform charges the account for it). */
    async send(input: NewText, opts: { signal?: AbortSignal } = {}): Promise<void> {
      await http.send({
        method: 'POST',
        path: 'platform_service_sms',
        json: { to: input.to, message: input.message, regardingJobUUID: input.jobUuid },
        createsRecord: true,
        ...opts,
      });
    },
  };
}
