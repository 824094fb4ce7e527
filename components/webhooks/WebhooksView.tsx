import type { SubscriptionView } from '@/lib/messaging/views';
import { EmptyState } from '../design/EmptyState';
import { Loading } from '../design/Loading';
import { Notice } from '../design/Notice';
import { ProblemNotice } from '../design/ProblemNotice';
import { BellIcon } from '../icons/bell';
import { InfoIcon } from '../icons/info';
import { RefreshIcon } from '../icons/refresh';
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
  /** The last action's failure: a message, or a name and a message. */
  error: string | { name?: string; message: string } | null;
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
        <Notice role="note" id="webhooks-admin-notice" tone="info" icon={<InfoIcon />}>
          An administrator of your account manages the webhook subscriptions that bring live updates. You still get the
          updates; ask an administrator if they seem to stop.
        </Notice>
      </div>
    );
  }
  return (
    <div id="webhooks" class="webhooks" aria-busy={props.busy} data-listed={props.listed ?? undefined}>
      {props.mode === 'api_key' ? (
        <Notice role="note" id="webhooks-api-key-notice" tone="info" icon={<InfoIcon />}>
          API-key mode: there are no live updates. The companion's change feed accepts only platform sign-ins (OAuth),
          so Fieldside picks up changes with its periodic sync. The list below is your private app's own subscriptions.
        </Notice>
      ) : (
        <p class="section-intro">
          The platform tells Fieldside about changes through these subscriptions, so open views update by themselves. A
          subscription whose callback kept failing for 72 hours is deactivated; re-activate it here.
        </p>
      )}
      <div class="toolbar">
        <fieldset class="segmented-field">
          <legend>Show</legend>
          <div class="segmented">
            {FILTERS.map((f) => (
              <label key={f.value}>
                <input
                  type="radio"
                  name="webhook-filter"
                  value={f.value}
                  checked={props.filter === f.value}
                  disabled={props.busy}
                  onChange={() => props.onFilter(f.value)}
                />
                {f.label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="button" id="webhooks-refresh" class="btn-sm" disabled={props.busy} onClick={props.onRefresh}>
          <RefreshIcon size={14} />
          Refresh
        </button>
      </div>
      {props.mode === 'oauth' && (
        <p id="webhooks-rotate-note" class="hint">
          If you think someone outside Fieldside learned where the platform sends these changes, give them a new
          address; the old one then stops working.{' '}
          <button type="button" id="webhooks-rotate" class="btn-sm" disabled={props.busy} onClick={props.onRotate}>
            Change the webhook address
          </button>
        </p>
      )}
      {props.error && <ProblemNotice id="webhooks-error" problem={props.error} />}
      <p role="status" id="webhooks-status" class="webhooks-status quiet-when-empty">
        {props.status ?? ''}
      </p>
      {list === null ? (
        <Loading>Loading subscriptions…</Loading>
      ) : list.length === 0 ? (
        <EmptyState
          id="webhooks-empty"
          icon={<BellIcon size={20} />}
          title={`No ${props.filter === 'all' ? '' : `${props.filter} `}subscriptions.`}
        />
      ) : (
        <div class="table-wrap">
          <table id="webhooks-table" class="table">
            <caption>Webhook subscriptions ({list.length})</caption>
            <thead>
              <tr>
                <th scope="col">Record type</th>
                <th scope="col">Name</th>
                <th scope="col">Watched fields</th>
                <th scope="col">State</th>
                <th scope="col">Last failure</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
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
        </div>
      )}
    </div>
  );
}
