import type { JobDetail } from '@/lib/messaging/views';

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
        <p>{on.length ? on.map((b) => b.name).join(' · ') : 'No badges'}</p>
        <button type="button" onClick={onGrant}>Allow changing badges</button>
      </div>
    );
  }
  return (
    <div role="group" aria-labelledby="badges-title" class="badge-toggles">
      {badges.map((b) => (
        <button
          key={b.uuid}
          type="button"
          class="badge-toggle"
          aria-pressed={b.on}
          data-badge-uuid={b.uuid}
          data-pending={b.pending ? 'true' : 'false'}
          onClick={() => onToggle(b.uuid, !b.on)}
        >
          {b.name}
          {b.pending ? ' (pending)' : ''}
        </button>
      ))}
    </div>
  );
}
