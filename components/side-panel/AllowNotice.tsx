import type { ComponentChildren } from 'preact';
import { Notice } from '../design/Notice';
import { ProblemNotice } from '../design/ProblemNotice';
import { FEATURE_WORDS, type PromptedFeature } from '../feature-words';
import { grantProblem } from './grant-problem';

export interface AllowNoticeProps {
  feature: PromptedFeature;
  id: string;
  onGrant: () => void;
  /** A quieter button where the section still shows what it holds (the badges, read-only). */
  quiet?: boolean;
  /** Buttons after "Allow …" (a way to say no for good). */
  more?: ComponentChildren;
}

/** Where a job section's feature is not allowed yet: what is missing, the button that asks for it, and what went wrong
 * the last time it asked. */
export function AllowNotice({ feature, id, onGrant, quiet = false, more }: AllowNoticeProps) {
  const words = FEATURE_WORDS[feature];
  const asked = grantProblem.value;
  return (
    <>
      <Notice
        tone="info"
        id={id}
        actions={
          <>
            <button type="button" class={quiet ? 'btn-sm' : 'btn-primary btn-sm'} onClick={onGrant}>
              {words.allow}
            </button>
            {more}
          </>
        }
      >
        {words.lacking}
      </Notice>
      {asked?.feature === feature && <ProblemNotice id={`${id}-problem`} problem={asked.problem} />}
    </>
  );
}
