import { z } from 'zod';
import { WEBHOOK_OBJECTS } from '../webhooks/input';

// The add-on manifest, as the platform's official samples write it (servicem8/addon-sdk-samples: showcase-addon,
// app-actions-addon-nodejs, webhook-addon): a name, a version, a support e-mail, the actions it adds to job and
// client cards, and the record changes (`webhooks`) the platform posts to it as signed `webhook_subscription`
// events. `type` says where an action appears: "online" in the web app, "app" in the iOS and Android apps.
// Fields the samples carry that the emulator has no use for (supportURL, oauth, menuItems, …) are accepted and kept.

const ActionSchema = z.looseObject({
  name: z.string().trim().min(1, 'an action needs a name, the label people see'),
  type: z.enum(['online', 'app'], { error: 'an action\'s type is "online" (the web app) or "app" (the mobile apps)' }),
  entity: z.enum(['job', 'company'], { error: 'an action\'s entity is "job" or "company"' }),
  iconURL: z.string().optional(),
  // The event name travels in the signed event and in invoke; the samples use letters, digits and "_".
  event: z
    .string()
    .min(1, 'an action needs an event name')
    .max(100)
    .regex(/^[A-Za-z0-9_.-]+$/, 'an event name is letters, digits, "_", "." or "-"'),
});

/** A webhook the add-on declares: changes of these fields of this record type arrive as signed events. */
const WebhookSchema = z.looseObject({
  object: z.enum(WEBHOOK_OBJECTS, { error: `a webhook's object is one of ${WEBHOOK_OBJECTS.join(', ')}` }),
  fields: z.array(z.string().min(1)).min(1, 'a webhook names the fields it watches'),
});

export const AddonManifestSchema = z
  .looseObject({
    name: z.string().trim().min(1, 'the add-on needs a name'),
    version: z.string().min(1, 'the add-on needs a version'),
    iconURL: z.string().optional(),
    supportEmail: z.email('the support e-mail must be an e-mail address').optional(),
    actions: z.array(ActionSchema),
    webhooks: z.array(WebhookSchema).optional(),
  })
  .refine((m) => m.actions.length > 0 || (m.webhooks?.length ?? 0) > 0, {
    message: 'the add-on declares no action and no webhook',
    path: ['actions'],
  });

export type AddonManifest = z.infer<typeof AddonManifestSchema>;
export type AddonAction = AddonManifest['actions'][number];
export type AddonWebhook = NonNullable<AddonManifest['webhooks']>[number];

/** Where the platform shows an action: the web app, or the mobile apps (the emulator's phone view). */
export type ActionPlace = AddonAction['type'];

/** An add-on registered with the emulator: its manifest, the URL its events are posted to, and where the add-on
 * store sends an administrator who activates it. */
export interface AddonRegistration {
  eventUrl: string;
  manifest: AddonManifest;
  /** The add-on's Activation URL: the store's "Activate" navigates there, and the add-on starts OAuth itself
   * (spec: "sent to its default app URL and must start the flow itself"). Absent: the store offers no button. */
  activationUrl?: string;
  /** Real-time limit of one event POST, answer included (default 10 s, a guess: FIDELITY.md). */
  timeoutMs?: number;
}

/** Checks a registration at start, with an error that names what is wrong. */
export function parseAddonRegistration(input: unknown): AddonRegistration {
  const parsed = z
    .object({
      eventUrl: z.url({ protocol: /^https?$/, error: 'the event URL must be an http(s) URL' }),
      manifest: AddonManifestSchema,
      activationUrl: z.url({ protocol: /^https?$/, error: 'the Activation URL must be an http(s) URL' }).optional(),
      timeoutMs: z.number().int().min(1).max(120_000).optional(),
    })
    .safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
  throw new Error(`Bad add-on registration${where}: ${issue?.message ?? 'invalid'}`);
}

/** The actions people see on a job card in one place, as the manifest lists them. */
export const jobActions = (manifest: AddonManifest, place: ActionPlace): AddonAction[] =>
  manifest.actions.filter((a) => a.entity === 'job' && a.type === place);
