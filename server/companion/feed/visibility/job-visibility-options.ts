// What the job visibility (job-visibility.ts) is given: where the platform is, what is known of the staff, and the
// limits of one round of checks.
import type { BackgroundWork } from '../background-work';
import type { JobYes } from './job-yes';
import type { StaffKnowledge } from './staff-knowledge';

export interface JobVisibilityOptions {
  platformBaseUrl: string;
  /** Whose browsers were online, and what earlier rounds learnt: shared by the instances (staff-knowledge.ts). */
  knowledge: StaffKnowledge;
  /** Each staff member's yes for a job, and their lists, lately (job-yes.ts). */
  yes: JobYes;
  fetch?: typeof fetch;
  now?: () => number;
  /** How long a "no" spares a staff member further checks (a week). A no is the platform saying they see only some
   * jobs, which is their role: it changes rarely and no webhook tells it, and holding it too long only keeps records
   * from them (their browser reads for itself), never gives them any. So it outlasts a night and a weekend: the
   * morning starts with what yesterday taught. */
  narrowedMs?: number;
  /** How long "sees every job" holds without a new confirmation. */
  seesAllMs?: number;
  /** Checks at once, so a round does not burst through the account's per-minute limit. */
  concurrency?: number;
  /** One check's limit. */
  timeoutMs?: number;
  /** All checks of one change: the platform is waiting for the webhook's answer meanwhile; later ones are left out. */
  roundMs?: number;
  /** Staff members listed as unchecked on one change, at most (it bounds the change's size). */
  maxUnchecked?: number;
  /** Takes one request of the companion's share of the account's per-minute limit (read-budget.ts); once it
   * answers false, the rest of the round is left out. */
  spend?: (account: string) => boolean;
  /** Where the narrowed staff's lists are read, unawaited (background-work.ts). */
  background?: BackgroundWork;
}
