import type { SubscriptionView } from '@/lib/messaging/views';
import { SubscriptionRow } from './SubscriptionRow';

export type WebhookFilter = 'active' | 'inactive' | 'all';

export interface WebhooksViewProps {
  mode: 'oauth' | 'api_key';
  /** Signed in: only administrators manage the subscriptions (the background checks again). */
  canManage: boolean;
  filter: WebhookFilter;
  /** The filter the shown list came from (null before the first list). */
  listed: WebhookFilter | null;
  /** null while the first list is loading. */
  subscriptions: SubscriptionView[] | null;
  busy: boolean;
  error: string | null;
  /** The last action's outcome, announced politely ("Re-activated job fieldside-job"). */
  status: string | null;
  onFilter: (filter: WebhookFilter) => void;
  onRefresh: () => void;
  onReactivate: (s: SubscriptionView) => void;
  onDelete: (s: SubscriptionView) => void;
  /** A new callback address (OAuth, administrators). */
  onRotate: () => void;
}

const FILTERS: ReadonlyArray<{ value: WebhookFilter; label: string }> = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

/** The account's webhook subscriptions, with their last failure, re-activation and deletion. */
export function WebhooksView(props: WebhooksViewProps) {
  const list = props.subscriptions;
  if (!props.canManage) {
    return (
      <div id="webhooks">
        <p role="note" id="webhooks-admin-notice">
          An administrator of your account manages the webhook subscriptions that bring live updates. You still get the
          updates; ask an administrator if they seem to stop.
        </p>
      </div>
    );
  }
  return (
    <div id="webhooks" aria-busy={props.busy} data-listed={props.listed ?? undefined}>
      {props.mode === 'api_key' ? (
        <p role="note" id="webhooks-api-key-notice">
          API-key mode: there are no live updates. The companion's change feed accepts only platform sign-ins (OAuth), so
          Fieldside picks up changes with its periodic sync. The list below is your private app's own subscriptions.
        </p>
      ) : (
        <p>
          The platform tells Fieldside about changes through these subscriptions, so open views update by themselves. A
          subscription whose callback kept failing for 72 hours is deactivated; re-activate it here.
        </p>
      )}
      <fieldset>
        <legend>Show</legend>
        {FILTERS.map((f) => (
          <label key={f.value}>
            <input
              type="radio"
              name="webhook-filter"
              value={f.value}
              checked={props.filter === f.value}
              disabled={props.busy}
              onChange={() => props.onFilter(f.value)}
            />{' '}
            {f.label}
          </label>
        ))}
        <button type="button" id="webhooks-refresh" disabled={props.busy} onClick={props.onRefresh}>
          Refresh
        </button>
      </fieldset>
      {props.mode === 'oauth' && (
        <p id="webhooks-rotate-note">
          If you think someone outside Fieldside learned where the platform sends these changes, give them a new address;
          the old one then stops working.{' '}
          <button type="button" id="webhooks-rotate" disabled={props.busy} onClick={props.onRotate}>
            Change the webhook address
          </button>
        </p>
      )}
      {props.error && (
        <p role="alert" id="webhooks-error">
          {props.error}
        </p>
      )}
      <p role="status" id="webhooks-status">
        {props.status ?? ''}
      </p>
      {list === null ? (
        <p>Loading subscriptions…</p>
      ) : list.length === 0 ? (
        <p id="webhooks-empty">No {props.filter === 'all' ? '' : `${props.filter} `}subscriptions.</p>
      ) : (
        <table id="webhooks-table">
          <caption>Webhook subscriptions ({list.length})</caption>
          <thead>
            <tr>
              <th scope="col">Record type</th>
              <th scope="col">Name</th>
              <th scope="col">Watched fields</th>
              <th scope="col">State</th>
              <th scope="col">Last failure</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => (
              <SubscriptionRow
                key={`${s.kind}/${s.name}/${s.uniqueId}`}
                subscription={s}
                busy={props.busy}
                onReactivate={() => props.onReactivate(s)}
                onDelete={() => props.onDelete(s)}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
