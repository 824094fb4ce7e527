// The steps of a test file's set-up (starting the stack, launching a browser, signing in), kept so that a set-up
// that never finishes says which step it was waiting on and how long the earlier ones took, instead of "Hook timed
// out". Each test file runs in its own module instance, so the list is the file's own.

interface Step {
  label: string;
  startedAt: number;
  endedAt?: number;
}

const steps: Step[] = [];

/** Runs `work` as the set-up step `label`. */
export async function setUpStep<T>(label: string, work: () => Promise<T>): Promise<T> {
  const step: Step = { label, startedAt: Date.now() };
  steps.push(step);
  try {
    return await work();
  } finally {
    step.endedAt = Date.now();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What the set-up was doing at `now`: the unfinished steps with how long they have waited, then the finished ones. */
export function setUpProgress(now = Date.now()): string {
  if (steps.length === 0) return 'no step had started';
  const waiting = steps.filter((s) => s.endedAt === undefined);
  const done = steps.filter((s) => s.endedAt !== undefined);
  return [
    waiting.length > 0
      ? `waiting on ${waiting.map((s) => `"${s.label}" (for ${seconds(now - s.startedAt)})`).join(', ')}`
      : 'no step was unfinished',
    done.length > 0 ? `done: ${done.map((s) => `${s.label} ${seconds(s.endedAt! - s.startedAt)}`).join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
