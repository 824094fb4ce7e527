import type { SubscriptionView } from '@/lib/messaging/views';

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
      <td data-field="unique_id">{name}</td>
      <td data-field="fields">{s.kind === 'event' ? '—' : s.fields.join(', ')}</td>
      <td data-field="active">{s.active ? 'Active' : 'Inactive'}</td>
      <td data-field="last_failure">
        {s.lastFailureReason || s.lastFailureAt ? (
          <>
            <span data-field="last_failure_reason">{s.lastFailureReason ?? 'unknown reason'}</span>
            {s.lastFailureAt && (
              <>
                {' at '}
                <time data-field="last_failure_at" dateTime={`${s.lastFailureAt.replace(' ', 'T')}Z`}>
                  {`${s.lastFailureAt} UTC`}
                </time>
              </>
            )}
          </>
        ) : (
          'None'
        )}
      </td>
      <td>
        {/* Active but failing (within the 72-hour retry window): re-posting also clears the failure and retries now. */}
        {(!s.active || s.lastFailureAt !== null) && (
          <>
            <button
              type="button"
              class="webhook-reactivate"
              disabled={busy}
              aria-label={`${s.active ? 'Retry' : 'Re-activate'} ${s.name} subscription ${name}`}
              onClick={onReactivate}
            >
              {s.active ? 'Retry now' : 'Re-activate'}
            </button>{' '}
          </>
        )}
        <button type="button" class="webhook-delete" disabled={busy} aria-label={`Delete ${s.name} subscription ${name}`} onClick={onDelete}>
          Delete
        </button>
      </td>
    </tr>
  );
}
