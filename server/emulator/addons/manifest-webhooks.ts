import type { ChangeBus, OAuthAuthority, RecordChange, Switches } from '../contracts';
import { buildNotification } from '../webhooks/notification';
import type { AddonHost } from './host';
import type { AddonRegistration } from './manifest';

// Webhooks declared in the add-on's manifest (`webhooks: [{object, fields}]`) arrive the way actions do: a JWT
// signed with the App Secret, POSTed to the add-on's event URL, with `eventName` "webhook_subscription" and the
// change as `eventArgs`, the spec's notification `{object, entry: [{uuid, changed_fields, time}], resource_url}`
// (PLATFORM-NOTES "Add-ons inside the platform"; the official webhook-addon sample reads `eventArgs.entry[0].uuid`).
// Only for accounts that activated the add-on. One POST per change, in order per account, whatever the answer (the
// platform's retries for these are unknown: FIDELITY.md).

export interface ManifestWebhookDeps {
  registration: AddonRegistration | undefined;
  host: Pick<AddonHost, 'webhook'>;
  changes: ChangeBus;
  authority: Pick<OAuthAuthority, 'activatedBy'>;
  switches: { get(): Pick<Switches, 'createdFields'> };
  baseUrl: () => string;
}

export interface ManifestWebhooks {
  stop(): void;
  /** Resolves once every change posted so far has been answered (or failed). */
  whenIdle(): Promise<void>;
}

/** Starts posting. */
export function startManifestWebhooks(deps: ManifestWebhookDeps): ManifestWebhooks {
  const declared = deps.registration?.manifest.webhooks ?? [];
  const queues = new Map<string, Promise<unknown>>();
  const whenIdle = async () => {
    for (let last: Promise<unknown>[] = []; ;) {
      const now = [...queues.values()];
      if (now.length === last.length && now.every((q, i) => q === last[i])) return;
      await Promise.all(now);
      last = now;
    }
  };
  if (declared.length === 0) return { stop: () => undefined, whenIdle };

  const deliver = (change: RecordChange): void => {
    const staffUuid = deps.authority.activatedBy(change.accountUuid);
    if (!staffUuid) return;
    for (const webhook of declared) {
      if (webhook.object !== change.recordType) continue;
      const notification = buildNotification(change, webhook.fields, deps.baseUrl(), deps.switches.get().createdFields);
      if (!notification) continue;
      const chooser = { accountUuid: change.accountUuid, staffUuid };
      const previous = queues.get(change.accountUuid) ?? Promise.resolve();
      // Whatever the add-on answers, or if it cannot be reached, the next change still goes out.
      const next = previous.then(() => deps.host.webhook(chooser, { ...notification })).catch(() => undefined);
      queues.set(change.accountUuid, next);
    }
  };
  return { stop: deps.changes.subscribe(deliver), whenIdle };
}
