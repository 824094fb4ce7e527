import { z } from 'zod';
import { UuidSchema } from '../../contracts/uuid';

// What pages and the webmail card are shown about a new job and an e-mail's sender.

/** A customer found for an e-mail's sender or a number in the text, chosen in the quick search, or found in the
 * form's own search: a customer of the platform (`uuid` is the company's) or an on-site contact (no company of their
 * own: `uuid` null). */
export const CustomerMatchSchema = z.object({
  uuid: UuidSchema.nullable(),
  name: z.string(),
  /** What a site contact is ("Site contact for Acme Cleaning"); '' for a customer. */
  note: z.string(),
  /** A customer found by the form's search: the person who matched (else their first) and a number, so that two
   * customers of one name can be told apart. */
  who: z.string().optional(),
  /** How they were found: by the e-mail address or a phone number in the text, the customer open in the quick search
   * when "New job" was pressed, or the form's "Find a customer". */
  by: z.enum(['email', 'phone', 'chosen', 'search']),
});
export type CustomerMatch = z.infer<typeof CustomerMatchSchema>;

/** One of the customer's open jobs, as the card lists it. */
export const OpenJobSchema = z.object({ uuid: UuidSchema, number: z.string(), status: z.string(), line: z.string() });
export type OpenJob = z.infer<typeof OpenJobSchema>;

/** The card beside an e-mail: the sender's customer and their open jobs (none found: null, no jobs). */
export const SenderCardSchema = z.object({
  signedIn: z.boolean(),
  customer: CustomerMatchSchema.nullable(),
  jobs: z.array(OpenJobSchema),
});
export type SenderCard = z.infer<typeof SenderCardSchema>;

/** A new job's form as it opens: the draft read from the text, the customers it found, and what the sign-in
 * allows (creating jobs, and customers, are permissions of their own). */
export const NewJobDraftViewSchema = z.object({
  from: z.enum(['email', 'selection', 'popup']),
  description: z.string(),
  addresses: z.array(z.string()),
  /** A name for a new customer (the sender's). */
  name: z.string(),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  customers: z.array(CustomerMatchSchema),
  canCreateJobs: z.boolean(),
  canCreateCustomers: z.boolean(),
});
export type NewJobDraftView = z.infer<typeof NewJobDraftViewSchema>;

/** How the job a form saved stands: waiting its turn or the network (`lastTry`: why the last try did not reach the
 * platform), being sent, refused in a way only the person can fix (`seq`: the outbox entry to retry), or on the
 * platform (`number` once Fieldside has read the job back: a person who may not see the jobs they make never has
 * it). */
export const NewJobProgressSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('waiting'), lastTry: z.string().nullable() }),
  z.object({ state: z.literal('sending') }),
  z.object({ state: z.literal('failed'), seq: z.number().int(), message: z.string(), action: z.string() }),
  z.object({ state: z.literal('made'), number: z.string().nullable() }),
]);
export type NewJobProgress = z.infer<typeof NewJobProgressSchema>;

/** What the person confirmed. */
export const NewJobInputSchema = z.object({
  description: z.string().trim().min(1, 'Say what the job is').max(10_000),
  address: z.string().trim().max(500),
  /** An existing customer by uuid, a new one by name, or none. */
  customer: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('existing'), uuid: UuidSchema, name: z.string().max(200) }),
    z.object({
      kind: z.literal('new'),
      name: z.string().trim().min(1, 'Give the new customer a name').max(200),
      /** The person to reach them, kept as the new customer's contact: their name, number and e-mail address. */
      contact: z
        .object({
          name: z.string().trim().max(200),
          phone: z.string().trim().max(50),
          email: z
            .string()
            .trim()
            .max(200)
            .refine(
              (e) => e === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e),
              'Write the e-mail address as name@example.com',
            ),
        })
        .optional(),
    }),
    z.object({ kind: z.literal('none') }),
  ]),
});
export type NewJobInput = z.input<typeof NewJobInputSchema>;
export type NewJobOutput = z.output<typeof NewJobInputSchema>;
