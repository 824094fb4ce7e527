import type { JobDetail } from '@/lib/messaging/views';
import { Chip } from '../design/Chip';
import { Notice } from '../design/Notice';
import { CheckIcon } from '../icons/check';
import { ClockIcon } from '../icons/clock';
import { FEATURE_WORDS } from '../feature-words';

export interface BadgeTogglesProps {
  badges: JobDetail['badges'];
  canManage: boolean;
  onToggle: (badgeUuid: string, on: boolean) => void;
  onGrant: () => void;
}

/** Badges by name: toggle buttons with the scopes, otherwise a read-only list and an offer to grant. */
export function BadgeToggles({ badges, canManage, onToggle, onGrant }: BadgeTogglesProps) {
  if (!canManage) {
    const on = badges.filter((b) => b.on);
    return (
      <div class="badges-readonly">
        <div class="badges">
          {on.length ? (
            on.map((b) => (
              <Chip key={b.uuid} look="outline">
                {b.name}
              </Chip>
            ))
          ) : (
            <span class="muted">No badges</span>
          )}
        </div>
        <Notice
          tone="info"
          id="badges-allow"
          actions={
            <button type="button" class="btn-sm" onClick={onGrant}>
              {FEATURE_WORDS.badges.allow}
            </button>
          }
        >
          {FEATURE_WORDS.badges.lacking}
        </Notice>
      </div>
    );
  }
  return (
    <div role="group" aria-labelledby="badges-title" class="badge-toggles">
      {badges.map((b) => (
        <button
          key={b.uuid}
          type="button"
          class="badge-toggle btn-sm"
          aria-pressed={b.on}
          data-badge-uuid={b.uuid}
          data-pending={b.pending ? 'true' : 'false'}
          onClick={() => onToggle(b.uuid, !b.on)}
        >
          {b.pending ? <ClockIcon size={13} /> : b.on ? <CheckIcon size={13} /> : null}
          {b.name}
          {b.pending ? ' (pending)' : ''}
        </button>
      ))}
    </div>
  );
}
