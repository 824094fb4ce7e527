import type { PageJob } from '@/lib/messaging/views';
import { BrandMark } from '../design/Brand';
import { toneOfStatus } from '../design/job-status';

// The job badge beside a job reference on a platform page: the job's status and badges from
// Fieldside's cache. A real button (keyboard, screen readers); pressing it toggles the quick-note panel.

export interface JobBadgeProps {
  job: PageJob;
  expanded: boolean;
  panelId: string;
  onToggle: () => void;
  buttonRef?: (el: HTMLButtonElement | null) => void;
}

export function JobBadge({ job, expanded, panelId, onToggle, buttonRef }: JobBadgeProps) {
  // The accessible name contains the visible text (status, badges, pending) in order, framed by
  // visually hidden words that say what the button is.
  return (
    <button
      type="button"
      class="badge"
      ref={buttonRef}
      aria-expanded={expanded}
      aria-controls={expanded ? panelId : undefined}
      title="Fieldside: notes for this job"
      onClick={onToggle}
    >
      <BrandMark size={16} />
      <span class="sr">Fieldside, job {job.number}: </span>
      <span class="status" data-status={job.status} data-tone={toneOfStatus(job.status)}>
        {job.status}
      </span>
      {job.badges.map((name) => (
        <span class="tag">{name}</span>
      ))}
      {job.pending > 0 ? <span class="pending">{job.pending} pending</span> : null}
      <span class="sr">. Notes</span>
    </button>
  );
}
