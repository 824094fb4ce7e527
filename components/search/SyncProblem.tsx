import { ProblemNotice } from '../design/ProblemNotice';

/** The last sync's failure under the search box: what happened in words, the technical part folded
 * away for support. Inside the sync line's own live region, so it interrupts nobody. */
export function SyncProblem({ problem }: { problem: string }) {
  return <ProblemNotice role={null} tone="warning" lead="Last sync problem:" problem={problem} />;
}
