import type { ComponentChildren } from 'preact';
import { toneOfStatus } from './job-status';
import type { Tone } from './tone';

export interface ChipProps {
  tone?: Tone;
  /** A dot before the text (statuses); an outline instead of a fill (job badges). */
  look?: 'fill' | 'dot' | 'outline';
  /** Extra classes the surface keeps for itself (tests and layout find chips by them). */
  class?: string;
  /** The data-field name tests and pages find the value by ("status"). */
  field?: string;
  children: ComponentChildren;
}

/** A small label: a status, a job badge, "2 pending". Its text is the platform's, rendered as text. */
export function Chip({ tone = 'neutral', look = 'fill', class: extra, field, children }: ChipProps) {
  const cls = ['chip', look === 'dot' ? 'chip-dot' : look === 'outline' ? 'chip-outline' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <span class={cls} data-tone={look === 'outline' ? undefined : tone} data-field={field}>
      {children}
    </span>
  );
}

/** A job's status, coloured the same way on every surface. */
export function StatusChip({ status, class: extra, field }: { status: string; class?: string; field?: string }) {
  return (
    <Chip tone={toneOfStatus(status)} look="dot" class={extra} field={field}>
      {status}
    </Chip>
  );
}
