// The messages of a new job, from the popup, selected text (the context menu) or an e-mail (the webmail card): a
// draft kept by the background, the form (new-job.html) that reads it and finds customers, and the job saved to the
// outbox. protocol.ts holds them with every other message; Fieldside's own pages alone may send them.
import { z } from 'zod';
import { UuidSchema } from '../../contracts/uuid';
import { Empty, message } from './message-def';
import { CustomerMatchSchema, NewJobDraftViewSchema, NewJobInputSchema, NewJobProgressSchema } from './new-job-views';

export const newJobProtocol = {
  /** Opens the new-job form with `text` (the popup's "New job"), for the customer open in the search if one is. */
  'newJob.open': message({
    request: z.object({ text: z.string().max(20_000), customerUuid: UuidSchema.optional() }),
    reply: Empty,
    from: ['page'],
  }),
  /** The draft the form was opened for, read from its text, with the customers found for it. */
  'newJob.draft': message({
    request: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a draft id') }),
    reply: NewJobDraftViewSchema,
    from: ['page'],
  }),
  /** The form's "Find a customer": the account's customers whose name, people, phone or e-mail start with `query`. */
  'newJob.customers': message({
    request: z.object({ query: z.string().max(200) }),
    reply: z.array(CustomerMatchSchema),
    from: ['page'],
  }),
  /** The addresses a job for this customer is likely at: theirs, then their jobs' sites, newest first. */
  'newJob.addresses': message({
    request: z.object({ customerUuid: UuidSchema }),
    reply: z.array(z.string()),
    from: ['page'],
  }),
  /** The person confirmed the job: saved to the outbox at once, sent exactly once. */
  'newJob.create': message({ request: NewJobInputSchema, reply: z.object({ jobUuid: UuidSchema }), from: ['page'] }),
  /** How the job the form saved stands (the form follows it until the platform has it and says its number). */
  'newJob.progress': message({
    request: z.object({ jobUuid: UuidSchema }),
    reply: NewJobProgressSchema,
    from: ['page'],
  }),
};
