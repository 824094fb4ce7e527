import type { SubscriptionView } from '@/lib/messaging/views';
import { Chip } from '../design/Chip';
import { RefreshIcon } from '../icons/refresh';
import { TrashIcon } from '../icons/trash';

export interface SubscriptionRowProps {
  subscription: SubscriptionView;
  busy: boolean;
  onReactivate: () => void;
  onDelete: () => void;
}

/** One subscription. Platform values are rendered as text only. */
export function SubscriptionRow({ subscription: s, busy, onReactivate, onDelete }: SubscriptionRowProps) {
  const name = s.uniqueId || '(no name)';
  return (
    <tr data-kind={s.kind} data-object={s.name} data-unique-id={s.uniqueId} data-active={String(s.active)}>
      <td data-field="object">{s.kind === 'event' ? `Event: ${s.name}` : s.name}</td>
      <td data-field="unique_id" class="mono">
        {name}
      </td>
      <td data-field="fields">{s.kind === 'event' ? '—' : s.fields.join(', ')}</td>
      <td data-field="active">
        <Chip tone={s.active ? 'success' : 'neutral'} look="dot">
          {s.active ? 'Active' : 'Inactive'}
        </Chip>
      </td>
      <td data-field="last_failure">
        {s.lastFailureReason || s.lastFailureAt ? (
          <span class="failure">
            <span data-field="last_failure_reason">{s.lastFailureReason ?? 'unknown reason'}</span>
            {s.lastFailureAt && (
              <>
                {' at '}
                <time data-field="last_failure_at" dateTime={`${s.lastFailureAt.replace(' ', 'T')}Z`}>
                  {`${s.lastFailureAt} UTC`}
                </time>
              </>
            )}
          </span>
        ) : (
          'None'
        )}
      </td>
      <td class="row-actions">
        {/* Active but failing (within the 72-hour retry window): re-posting also clears the failure and retries now. */}
        {(!s.active || s.lastFailureAt !== null) && (
          <button
            type="button"
            class="webhook-reactivate btn-sm"
            disabled={busy}
            aria-label={`${s.active ? 'Retry' : 'Re-activate'} ${s.name} subscription ${name}`}
            onClick={onReactivate}
          >
            <RefreshIcon size={14} />
            {s.active ? 'Retry now' : 'Re-activate'}
          </button>
        )}
        <button
          type="button"
          class="webhook-delete btn-sm btn-ghost btn-danger"
          disabled={busy}
          aria-label={`Delete ${s.name} subscription ${name}`}
          onClick={onDelete}
        >
          <TrashIcon size={14} />
          Delete
        </button>
      </td>
    </tr>
  );
}
