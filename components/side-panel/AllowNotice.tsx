import type { ComponentChildren } from 'preact';
import { Notice } from '../design/Notice';
import { FEATURE_WORDS, type PromptedFeature } from '../feature-words';

export interface AllowNoticeProps {
  feature: PromptedFeature;
  id: string;
  onGrant: () => void;
  /** A quieter button where the section still shows what it holds (the badges, read-only). */
  quiet?: boolean;
  /** Buttons after "Allow …" (a way to say no for good). */
  more?: ComponentChildren;
}

/** Where a job section's feature is not allowed yet: what is missing, and the button that asks for it. */
export function AllowNotice({ feature, id, onGrant, quiet = false, more }: AllowNoticeProps) {
  const words = FEATURE_WORDS[feature];
  return (
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
  );
}
