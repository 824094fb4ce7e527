import { EmptyState } from '../design/EmptyState';
import { SignInIcon } from '../icons/sign-in';
import { UserIcon } from '../icons/user';

/** Shown instead of the search when there is nothing to search: signed out, or "who are you" unanswered. */
export function SignedOutPrompt({ reason, onOpenSettings }: { reason: 'signed_out' | 'choose_staff'; onOpenSettings(): void }) {
  const signedOut = reason === 'signed_out';
  return (
    <section class="prompt" aria-labelledby="prompt-title" data-state={reason}>
      <EmptyState
        heading
        titleId="prompt-title"
        icon={signedOut ? <SignInIcon size={20} /> : <UserIcon size={20} />}
        title={signedOut ? 'Sign in to find your jobs' : 'Tell Fieldside who you are'}
        action={
          <button type="button" class="btn-primary btn-lg" onClick={onOpenSettings} autoFocus>
            Open Fieldside settings
          </button>
        }
      >
        {signedOut
          ? 'Fieldside keeps your jobs on this device once you connect it to your job‑management account.'
          : 'Choose yourself from your account’s staff, so Fieldside shows the jobs you may see.'}
      </EmptyState>
    </section>
  );
}
