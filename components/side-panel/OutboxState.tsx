import type { WriteProblem } from '@/lib/messaging/job-views';
import { Chip } from '../design/Chip';
import { ProblemNotice } from '../design/ProblemNotice';
import { ClockIcon } from '../icons/clock';
import { RefreshIcon } from '../icons/refresh';
import { TrashIcon } from '../icons/trash';

// A note or a photo of this device is one outbox write: how far it is, and what to do when the platform refused it.

/** A write not on the platform yet: waiting (in the words given) or not sent. Nothing once it is sent. */
export function OutboxChip({ state, waiting }: { state: 'sent' | 'pending' | 'failed'; waiting: string }) {
  if (state === 'pending')
    return (
      <Chip tone="warning" class="pending">
        <ClockIcon size={12} />
        {waiting}
      </Chip>
    );
  if (state === 'failed')
    return (
      <Chip tone="danger" class="failed">
        Not sent
      </Chip>
    );
  return null;
}

export interface OutboxProblemProps {
  problem: WriteProblem;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
}

/** A refused write: what went wrong, what the person can do, and Retry or Discard. */
export function OutboxProblem({ problem, onRetry, onDiscard }: OutboxProblemProps) {
  return (
    <ProblemNotice
      problem={problem.message}
      todo={problem.action}
      actions={
        <>
          <button type="button" class="btn-sm" onClick={() => onRetry(problem.seq)}>
            <RefreshIcon size={14} />
            Retry
          </button>
          <button type="button" class="btn-sm btn-danger" onClick={() => onDiscard(problem.seq)}>
            <TrashIcon size={14} />
            Discard
          </button>
        </>
      }
    />
  );
}
