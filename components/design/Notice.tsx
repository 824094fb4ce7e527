import type { ComponentChildren } from 'preact';
import type { Tone } from './tone';

export interface NoticeProps {
  tone?: Tone;
  /** An icon element (components/icons), shown before the text. */
  icon?: ComponentChildren;
  /** Buttons under the text. */
  actions?: ComponentChildren;
  role?: 'status' | 'alert' | 'note';
  id?: string;
  class?: string;
  children?: ComponentChildren;
}

/** A message in a tinted box: offline, a permission to allow, a write that failed. */
export function Notice({ tone = 'neutral', icon, actions, role, id, class: extra, children }: NoticeProps) {
  return (
    <div class={extra ? `notice ${extra}` : 'notice'} data-tone={tone} role={role} id={id}>
      {icon}
      <div class="notice-body">
        {children}
        {actions && <div class="notice-actions">{actions}</div>}
      </div>
    </div>
  );
}
