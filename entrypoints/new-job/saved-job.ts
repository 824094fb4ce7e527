import { signal, type Signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import { sendMessage } from '@/lib/messaging/send';
import type { NewJobProgress } from '@/lib/messaging/new-job-views';
import type { Problem } from '@/components/design/problem-words';

// The job a new-job form saved, followed until the platform has it and its number can be said (to a caller still on
// the line): "Try again" or "Change the job" when the platform refused it, and the job opened once it is there.

/** How often the saved job is asked after, and how long a job on the platform is waited on for its number (a person
 * who may not see the jobs they make never has it). */
const FOLLOW_MS = 1_000;
const NUMBER_WAIT_MS = 15_000;

export function createSavedJob(deps: {
  /** Where a problem is said (the form's own). */
  problem: Signal<Problem | null>;
  asProblem: (error: unknown) => Problem;
  /** The refused job dropped: the form, still filled in, is back to be corrected. */
  backToForm: () => void;
}) {
  /** The saved job, and how it stands. */
  const jobUuid = signal<string | null>(null);
  const progress = signal<NewJobProgress | null>(null);
  /** On the platform, and not read back though waited for: the platform does not show this person the job. */
  const numberUnseen = signal(false);
  let following: ReturnType<typeof setTimeout> | undefined;
  let madeAt: number | null = null;
  /** The browser window the person was in when the form opened: the job opens in its side panel (the form's own
   * small window has none). Read as the form opens, so a press opens the panel with nothing awaited before. */
  let personWindow: number | undefined;

  /** Asks how the saved job stands until the platform has it and its number is known (or long enough waited). */
  async function follow(uuid: string): Promise<void> {
    clearTimeout(following);
    let next: NewJobProgress | null = null;
    try {
      next = await sendMessage('newJob.progress', { jobUuid: uuid });
      progress.value = next;
    } catch {
      // The worker restarting, say: asked again at the next beat; the job is in the outbox whatever this says.
    }
    if (next?.state === 'failed') return;
    if (next?.state === 'made') {
      madeAt ??= Date.now();
      if (next.number !== null) return;
      if (Date.now() - madeAt > NUMBER_WAIT_MS) {
        numberUnseen.value = true;
        return;
      }
    }
    following = setTimeout(() => void follow(uuid), FOLLOW_MS);
  }

  return {
    jobUuid,
    progress,
    numberUnseen,
    /** The form opened: the window the person was in is read now. */
    formOpened(): void {
      void browser.windows
        .getLastFocused({ windowTypes: ['normal'] })
        .then((w) => (personWindow = w.id))
        .catch(() => undefined);
    },
    /** The form saved job `uuid`: followed from now. */
    saved(uuid: string): void {
      jobUuid.value = uuid;
      void follow(uuid);
    },
    /** "Try again" on a job the platform refused: back in the outbox's queue, followed again. */
    async retry(): Promise<void> {
      const now = progress.value;
      if (now?.state !== 'failed' || jobUuid.value === null) return;
      try {
        await sendMessage('outbox.retry', { seq: now.seq });
        progress.value = { state: 'waiting', lastTry: null };
        void follow(jobUuid.value);
      } catch (error) {
        deps.problem.value = deps.asProblem(error);
      }
    },
    /** "Change the job" on a job the platform refused: the refused write is dropped and the form, still filled in, is
     * back to be corrected and created again. */
    async change(): Promise<void> {
      const now = progress.value;
      if (now?.state !== 'failed') return;
      try {
        await sendMessage('outbox.discard', { seq: now.seq });
      } catch (error) {
        deps.problem.value = deps.asProblem(error);
        return;
      }
      clearTimeout(following);
      progress.value = null;
      jobUuid.value = null;
      deps.backToForm();
    },
    /** Opens the saved job in the side panel or the platform's web app, then closes the form: its work is done. */
    async open(target: 'sidepanel' | 'web'): Promise<void> {
      if (jobUuid.value === null) return;
      try {
        const where = personWindow === undefined ? {} : { windowId: personWindow };
        await sendMessage('job.open', { uuid: jobUuid.value, target, ...where });
        window.close();
      } catch (error) {
        deps.problem.value = deps.asProblem(error);
      }
    },
  };
}

export type SavedJob = ReturnType<typeof createSavedJob>;
