import type { JobDetail } from '@/lib/messaging/job-views';
import { Chip } from '../design/Chip';
import { CheckIcon } from '../icons/check';
import { ClockIcon } from '../icons/clock';
import { CloseIcon } from '../icons/close';
import { PlusIcon } from '../icons/plus';
import { AllowNotice } from './AllowNotice';

type BadgeState = JobDetail['badges'][number];

export interface BadgeTogglesProps {
  badges: JobDetail['badges'];
  canManage: boolean;
  onToggle: (badgeUuid: string, on: boolean) => void;
  onGrant: () => void;
}

/** Badges by name: those on the job apart from those to add, each a toggle button with the scopes;
 * otherwise a read-only list and an offer to grant. */
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
        <AllowNotice feature="badges" id="badges-allow" quiet onGrant={onGrant} />
      </div>
    );
  }
  const on = badges.filter((b) => b.on);
  const off = badges.filter((b) => !b.on);
  const toggle = (b: BadgeState) => (
    <button
      key={b.uuid}
      type="button"
      class="badge-toggle btn-sm"
      aria-pressed={b.on}
      data-badge-uuid={b.uuid}
      data-pending={b.pending ? 'true' : 'false'}
      onClick={() => onToggle(b.uuid, !b.on)}
    >
      {b.pending ? <ClockIcon size={13} /> : b.on ? <CheckIcon size={13} /> : <PlusIcon size={13} />}
      {b.name}
      {b.pending ? ' (saving)' : ''}
      {b.on && !b.pending && <CloseIcon size={12} />}
    </button>
  );
  return (
    <div class="badge-groups">
      <div role="group" aria-labelledby="badges-on-title" class="badge-toggles badges-on">
        <span id="badges-on-title" class="badge-group-title">
          On this job
        </span>
        {on.length > 0 ? on.map(toggle) : <span class="muted">None yet</span>}
      </div>
      {off.length > 0 && (
        <div role="group" aria-labelledby="badges-add-title" class="badge-toggles badges-add">
          <span id="badges-add-title" class="badge-group-title">
            Add a badge
          </span>
          {off.map(toggle)}
        </div>
      )}
    </div>
  );
}
