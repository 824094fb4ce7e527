import type { ComponentChildren } from 'preact';

export interface EmptyStateProps {
  icon: ComponentChildren;
  title: ComponentChildren;
  children?: ComponentChildren;
  /** Usually one button: the way out of the empty state. */
  action?: ComponentChildren;
  id?: string;
  /** The heading's id, when the empty state labels its section. */
  titleId?: string;
  /** Whether the title is a heading (a page's main message) or a paragraph (inside a section). */
  heading?: boolean;
}

/** Nothing to show, said kindly, with what to do about it. */
export function EmptyState({ icon, title, children, action, id, titleId, heading = false }: EmptyStateProps) {
  return (
    <div class="empty" id={id}>
      <div class="empty-icon">{icon}</div>
      {heading ? (
        <h2 class="empty-title" id={titleId}>
          {title}
        </h2>
      ) : (
        <p class="empty-title" id={titleId}>
          {title}
        </p>
      )}
      {children && <p class="empty-text">{children}</p>}
      {action}
    </div>
  );
}
