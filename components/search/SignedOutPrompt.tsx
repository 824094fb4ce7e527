import type { SetupStep } from '@/lib/onboarding/setup-left';
import { EmptyState } from '../design/EmptyState';
import { useFocusOnMount } from '../design/focus-on-mount';
import { SignInIcon } from '../icons/sign-in';
import { UserIcon } from '../icons/user';
import { SETUP_STEP_WORDS } from '../setup-words';

export interface SignedOutPromptProps {
  reason: 'signed_out' | 'choose_staff';
  /** What is left of setting up (lib/onboarding), said under the first thing to do. */
  left: readonly SetupStep[];
  /** Opens the first-run page, where what is left is done. */
  onContinue(): void;
}

/** Shown instead of the search when there is nothing to search: signed out, or "who are you" unanswered. */
export function SignedOutPrompt({ reason, left, onContinue }: SignedOutPromptProps) {
  const button = useFocusOnMount<HTMLButtonElement>();
  const signedOut = reason === 'signed_out';
  const after = left.filter((step) => step !== (signedOut ? 'connect' : 'who'));
  return (
    <section class="prompt" aria-labelledby="prompt-title" data-state={reason}>
      <EmptyState
        heading
        titleId="prompt-title"
        icon={signedOut ? <SignInIcon size={20} /> : <UserIcon size={20} />}
        title={signedOut ? 'Sign in to find your jobs' : 'Tell Fieldside who you are'}
        action={
          <button type="button" class="btn-primary btn-lg" onClick={onContinue} ref={button}>
            {signedOut ? 'Sign in' : 'Choose yourself'}
          </button>
        }
      >
        {signedOut
          ? 'Fieldside keeps your jobs on this device once you connect it to your job‑management account.'
          : 'Choose yourself from your account’s staff, so Fieldside shows the jobs you may see.'}
        {after.length > 0 && ` Then: ${after.map((step) => SETUP_STEP_WORDS[step].toLowerCase()).join('; ')}.`}
      </EmptyState>
    </section>
  );
}
