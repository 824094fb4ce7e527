// The full sync's walk on the performance timeline of the context it runs in: where its first page was asked for and
// where its last page was stored, one mark of each (the newest sync's, so a long-lived worker keeps two entries). The
// statuses the pages get are paced (status-pace.ts) and cannot say when the last page was stored: the extension
// bench reads these marks to split a sync into its start, its walk and its finish.

export const WALK_MARKS = { start: 'fieldside.sync.walk-start', end: 'fieldside.sync.walk-end' } as const;

export function markWalk(edge: keyof typeof WALK_MARKS): void {
  const name = WALK_MARKS[edge];
  performance.clearMarks(name);
  performance.mark(name);
}
