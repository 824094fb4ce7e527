import type { ComponentChildren } from 'preact';

/** Something is on its way: a spinner and what it is ("Loading the job…"), announced politely. */
export function Loading({ children, id }: { children: ComponentChildren; id?: string }) {
  return (
    <p class="loading" role="status" id={id}>
      <span class="spinner" aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}
