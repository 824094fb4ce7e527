import type { ComponentChildren } from 'preact';
import { CheckIcon } from '../icons/check';

export type StepState = 'done' | 'current' | 'todo';

export interface StepProps {
  /** The step's id (its heading is `${id}-title`). */
  id: string;
  number: number;
  title: string;
  state: StepState;
  children?: ComponentChildren;
}

/** One step of the first-run page: its number (a tick once done), its title, and what to do now. */
export function Step({ id, number, title, state, children }: StepProps) {
  return (
    <li
      class="step card"
      id={id}
      data-state={state}
      aria-labelledby={`${id}-title`}
      aria-current={state === 'current' ? 'step' : undefined}
    >
      <div class="step-head">
        <span class="step-number" aria-hidden="true">
          {state === 'done' ? <CheckIcon size={14} /> : number}
        </span>
        <h2 id={`${id}-title`}>
          {title}
          {state === 'done' && <span class="visually-hidden"> (done)</span>}
        </h2>
      </div>
      {children && <div class="step-body">{children}</div>}
    </li>
  );
}
