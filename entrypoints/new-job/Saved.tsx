import { Notice } from '@/components/design/Notice';
import { ProblemNotice } from '@/components/design/ProblemNotice';
import type { NewJobModel } from './model';

/** After "Create job": the job followed until the platform has it, its number said (for a caller still on the line)
 * and the job a press away; a refusal said with what to do, and "Try again". */
export function Saved({ model }: { model: NewJobModel }) {
  const progress = model.progress.value;
  const problem = model.problem.value;
  const made = progress?.state === 'made';
  /** Read back: Fieldside can show it, and the person may open it. */
  const shown = made && progress.number !== null;
  return (
    <>
      <h1>New job</h1>
      {progress?.state === 'failed' ? (
        // The outbox's words; the technical tail (the request line) only behind "Details for support".
        <ProblemNotice
          problem={progress.message}
          todo={progress.action}
          lead="The platform did not take the job."
          id="job-refused"
          actions={
            <>
              <button type="button" class="btn-sm" onClick={() => void model.retry()}>
                Try again
              </button>
              <button type="button" class="btn-sm" onClick={() => void model.change()}>
                Change the job
              </button>
            </>
          }
        />
      ) : made ? (
        <Notice tone="success" role="status" id="job-saved">
          <p>
            <strong>
              {progress.number ? `Job ${progress.number} is on the platform.` : 'The job is on the platform.'}
            </strong>
          </p>
          {!progress.number && (
            <p class="hint" id="job-progress">
              {model.numberUnseen.value
                ? 'The platform does not show it to you (it shows people the jobs given to them), so Fieldside cannot open it here.'
                : 'Reading its number…'}
            </p>
          )}
        </Notice>
      ) : (
        <Notice tone="success" role="status" id="job-saved">
          <p>
            <strong>Saved.</strong> Fieldside creates the job on the platform as soon as it answers, also if you close
            this window or are offline now.
          </p>
          <p class="hint" id="job-progress">
            {progress?.state === 'sending'
              ? 'Sending it to the platform…'
              : progress?.state === 'waiting' && progress.lastTry
                ? `Not sent yet. ${progress.lastTry}`
                : 'Waiting for the platform…'}
          </p>
        </Notice>
      )}
      {problem && <ProblemNotice problem={problem} tone="danger" />}
      <div class="actions">
        {shown && (
          <>
            <button type="button" class="btn-primary btn-block" onClick={() => void model.open('sidepanel')}>
              Open in the side panel
            </button>
            <button type="button" class="btn btn-block" onClick={() => void model.open('web')}>
              Open in the web app
            </button>
          </>
        )}
        <button type="button" class="btn btn-block" onClick={() => window.close()}>
          Close
        </button>
      </div>
    </>
  );
}
