import type { PageJob } from '@/lib/messaging/views';
import { BrandMark } from '../design/Brand';
import { ClockIcon } from '../icons/clock';
import { toneOfStatus } from '../design/job-status';

// The job badge beside a job reference on a platform page: the job's status and badges from
// Fieldside's cache. A real button (keyboard, screen readers); pressing it toggles the quick-note panel.
// A number Fieldside has no job for gets a quiet badge of the same size (so the page cannot tell the
// two apart by the room they take, lib/page-badges/scan.ts), which says so and opens nothing.

/** What a badge shows: a job, or why there is none (yet). */
export type BadgeState =
  | { kind: 'job'; job: PageJob }
  | { kind: 'loading' | 'unknown' | 'signed-out' | 'who-first' | 'unavailable'; number: string };

/** A quiet badge's words: on the badge, then more for screen readers (the same on hover). */
const QUIET = {
  loading: { text: '…', more: 'Looking this job up' },
  unknown: { text: 'Not found', more: 'Fieldside has no such job: not synced yet, or not one you can see' },
  'signed-out': { text: 'Signed out', more: 'Sign in to Fieldside to see this job' },
  // Signed in, step 2 of setting up not done: the job card this badge sits on is where it is done.
  'who-first': {
    text: 'Finish setup',
    more: 'Tell Fieldside who you are to see this job: choose Fieldside on a job card, then “Use Fieldside in this browser”',
  },
  unavailable: { text: 'Unavailable', more: 'Fieldside could not look this job up just now' },
} as const;

export interface JobBadgeProps {
  state: BadgeState;
  expanded: boolean;
  panelId: string;
  onToggle: () => void;
  buttonRef?: (el: HTMLButtonElement | null) => void;
}

export function JobBadge({ state, expanded, panelId, onToggle, buttonRef }: JobBadgeProps) {
  if (state.kind !== 'job') {
    const words = QUIET[state.kind];
    return (
      <button type="button" class="badge-quiet" aria-disabled="true" title={words.more} ref={buttonRef}>
        <BrandMark size={16} />
        <span class="sr">Fieldside, job {state.number}: </span>
        <span class="says" data-state={state.kind}>
          {words.text}
        </span>
        <span class="sr">. {words.more}</span>
      </button>
    );
  }
  const { job } = state;
  // The accessible name contains the visible text (status, pending notes, badges) in order, framed by
  // visually hidden words that say what the button is. The box is fixed: the status gives way to the
  // count of notes not sent yet (cut short when both do not fit), and badge names show only as far as
  // they fit whole (all are said to screen readers, and shown in the panel).
  return (
    <button
      type="button"
      class="badge"
      ref={buttonRef}
      aria-expanded={expanded}
      aria-controls={expanded ? panelId : undefined}
      title={`Fieldside: ${job.status}. Notes for this job`}
      onClick={onToggle}
    >
      <span class="lead">
        <BrandMark size={16} />
        <span class="sr">Fieldside, job {job.number}: </span>
        <span class="status" data-status={job.status} data-tone={toneOfStatus(job.status)}>
          {job.status}
        </span>
        {job.pending > 0 ? (
          <span class="pending" title={`${job.pending} not sent yet`}>
            <ClockIcon size={11} />
            {job.pending}
            <span class="sr"> pending</span>
          </span>
        ) : null}
      </span>
      {job.badges.map((name) => (
        <span class="tag">{name}</span>
      ))}
      <span class="sr">. Notes</span>
    </button>
  );
}
