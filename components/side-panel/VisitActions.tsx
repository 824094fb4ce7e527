import { useRef, useState } from 'preact/hooks';
import type { JobAction, TextOfferView, VisitCommand, VisitView } from '@/lib/messaging/job-views';
import { visitButtonId } from '@/lib/side-panel/visit-buttons';
import { clockTime } from '@/lib/locale/words';
import { Chip } from '../design/Chip';
import { CheckIcon } from '../icons/check';
import { ClockIcon } from '../icons/clock';
import { MapPinIcon } from '../icons/map-pin';
import { TextOfferChoice, type TextChoice } from './TextOfferChoice';
import { AllowNotice } from './AllowNotice';
import { OutboxProblem } from './OutboxState';
import { useFocusAfterStep } from './focus-after-step';

export interface VisitActionsProps {
  visit: VisitView;
  /** The visits feature is allowed (time on site and the status). */
  allowed: boolean;
  /** With "On my way": the text to the customer, when the person chose to send one. */
  onAct: (action: VisitCommand, text?: { message: string }) => void;
  onGrant: () => void;
  /** What "On my way" may text, if anything (null: nothing offered). */
  textOffer: TextOfferView | null;
  onGrantTexts: () => void;
  onDeclineTexts: () => void;
  onRetry: (seq: number) => void;
  onDiscard: (seq: number) => void;
}

const STEP_WORDS: Record<JobAction, string> = {
  'on-my-way': 'On my way',
  arrived: 'Arrived',
  done: 'Done',
  complete: 'Job complete',
};

/** The person's visit in three steps and a last one: on my way, arrived, done, then the job complete. Each
 * button is the next thing to do; a step taken shows its time, and "waiting to be sent" while it is on its way. */
export function VisitActions(props: VisitActionsProps) {
  const { visit, allowed, onGrant, onRetry, onDiscard, textOffer } = props;
  // The proposed words until the person edits them (the offer may arrive or change after the first render).
  const [text, setText] = useState<TextChoice>({ send: false, message: '' });
  /** Not on the job (the office on a customer's job): the steps wait behind one press. */
  const [unfolded, setUnfolded] = useState(false);
  const section = useRef<HTMLElement>(null);
  const pressed = useFocusAfterStep(section);
  const onAct: VisitActionsProps['onAct'] = (action, text) => {
    pressed(action);
    props.onAct(action, text);
  };
  if (!visit.canAct) return null;
  if (!visit.onJob && !unfolded)
    return (
      <section aria-labelledby="visit-title" class="job-section" id="visit" ref={section}>
        <h3 id="visit-title" class="eyebrow" tabIndex={-1}>
          Your visit
        </h3>
        <p class="hint">You are not on this job: no visit of yours is booked, and it is not given to you.</p>
        <button
          type="button"
          class="btn btn-sm"
          id="visit-unfold"
          onClick={() => {
            pressed('unfold');
            setUnfolded(true);
          }}
        >
          Record a visit of mine here
        </button>
      </section>
    );
  const offerText = textOffer && !visit.onTheWayAt && !visit.arrivedAt && !visit.completed;
  const sayOnMyWay = () =>
    onAct(
      'on-my-way',
      offerText && textOffer.allowed && text.send ? { message: text.message || textOffer.message } : undefined,
    );
  const onSite = visit.arrivedAt !== null && visit.leftAt === null;
  const waiting = (step: JobAction) =>
    visit.pending.includes(step) && (
      <Chip tone="warning" class="pending">
        <ClockIcon size={12} />
        Waiting to be sent
      </Chip>
    );
  const done = (step: JobAction, at: string | null) => (
    <li class="visit-step" data-step={step} data-done="true">
      <CheckIcon size={14} />
      <span>
        {STEP_WORDS[step]}
        {at ? ` at ${clockTime(at)}` : ''}
      </span>
      {waiting(step)}
      {step === 'on-my-way' && visit.text && <TextState text={visit.text} />}
      {step === 'complete' && allowed && visit.completedAt && (
        // A gloved thumb on the wrong button: the status before is written back, in order after the completion.
        <button type="button" class="btn-sm" id={visitButtonId('reopen')} onClick={() => onAct('reopen')}>
          Undo
        </button>
      )}
    </li>
  );
  return (
    <section aria-labelledby="visit-title" class="job-section" id="visit" ref={section}>
      <h3 id="visit-title" class="eyebrow" tabIndex={-1}>
        Your visit
      </h3>
      {/* Also before the steps may be taken here: those taken on the job card, on their phone, are theirs too. */}
      <ol class="visit-steps list-plain" aria-label="What you have done">
        {visit.onTheWayAt && done('on-my-way', visit.onTheWayAt)}
        {visit.arrivedAt && done('arrived', visit.arrivedAt)}
        {visit.leftAt && done('done', visit.leftAt)}
        {visit.completed && done('complete', visit.completedAt)}
      </ol>
      {!allowed ? (
        <AllowNotice feature="visits" id="visits-allow" onGrant={onGrant} />
      ) : (
        <>
          {offerText && (
            <TextOfferChoice
              offer={textOffer}
              choice={{ send: text.send, message: text.message || textOffer.message }}
              onChange={setText}
              onGrant={props.onGrantTexts}
              onDecline={props.onDeclineTexts}
            />
          )}
          <div class="visit-buttons">
            {!visit.onTheWayAt && !visit.arrivedAt && !visit.completed && (
              <button type="button" class="btn-lg" id={visitButtonId('on-my-way')} onClick={sayOnMyWay}>
                <MapPinIcon />
                On my way
              </button>
            )}
            {!onSite && !visit.completed && (
              // Back after leaving (parts fetched, a second trip): a time on site of its own.
              <button
                type="button"
                class={visit.leftAt ? 'btn-lg' : 'btn-primary btn-lg'}
                id={visitButtonId('arrived')}
                onClick={() => onAct('arrived')}
              >
                {visit.leftAt ? 'Arrived again' : 'Arrived'}
              </button>
            )}
            {onSite && (
              <button type="button" class="btn-primary btn-lg" id={visitButtonId('done')} onClick={() => onAct('done')}>
                Done
              </button>
            )}
            {!visit.completed && !onSite && (visit.leftAt || visit.arrivedAt) && (
              <button type="button" class="btn-lg" id={visitButtonId('complete')} onClick={() => onAct('complete')}>
                <CheckIcon />
                Mark the job complete
              </button>
            )}
          </div>
          <p class="hint">
            {onSite
              ? 'Your time on site is being recorded. Press Done when you leave.'
              : 'Saved at once, also with no signal, and sent to the office in order.'}
          </p>
          {visit.problems.map((p) => (
            <OutboxProblem key={p.seq} problem={p} onRetry={onRetry} onDiscard={onDiscard} />
          ))}
        </>
      )}
    </section>
  );
}

const TEXT_WORDS = { waiting: 'waiting to be sent', sent: 'sent', problem: 'not sent' } as const;

/** The text "On my way" sent: to whom, and whether it went. */
function TextState({ text }: { text: NonNullable<VisitView['text']> }) {
  return (
    <span class="text-state" data-state={text.state}>
      Text to {text.name}: {TEXT_WORDS[text.state]}
    </span>
  );
}
