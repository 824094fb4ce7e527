import type { ComponentChildren } from 'preact';
import { AlertIcon } from '../icons/alert';
import { problemWords, type Problem } from './problem-words';

export interface ProblemNoticeProps {
  problem: Problem;
  id?: string;
  class?: string;
  /** Said before the problem ("Last sync problem:"). */
  lead?: string;
  /** warning: things still work (a sync that failed, offline); danger: what was asked did not happen. */
  tone?: 'warning' | 'danger';
  /** What to do, when the caller knows better than the error's name (the outbox says it per write). */
  todo?: string;
  /** Buttons (retry, allow). */
  actions?: ComponentChildren;
  /** alert interrupts a screen reader; status waits; null inside a live region of its own. */
  role?: 'alert' | 'status' | null;
}

/** The error state: what happened and what to do, in words; the technical text only behind
 * "Details for support", never on screen by itself. */
export function ProblemNotice({
  problem,
  id,
  class: extra,
  lead,
  tone = 'danger',
  todo: told,
  actions,
  role = 'alert',
}: ProblemNoticeProps) {
  const words = problemWords(problem);
  const { what, details } = words;
  const todo = told ?? words.todo;
  return (
    <div class={extra ? `notice problem ${extra}` : 'notice problem'} data-tone={tone} role={role ?? undefined} id={id}>
      <AlertIcon />
      <div class="notice-body">
        <p class={lead ? 'problem-what' : 'problem-what notice-title'}>
          {lead && <span class="notice-title">{lead} </span>}
          {what}
        </p>
        {todo && <p class="problem-todo">{todo}</p>}
        {details && (
          <details class="disclosure">
            <summary>Details for support</summary>
            <pre class="support-details">{details}</pre>
          </details>
        )}
        {actions && <div class="notice-actions">{actions}</div>}
      </div>
    </div>
  );
}
