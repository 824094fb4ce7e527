/** Shown instead of the search when there is nothing to search: signed out, or "who are you" unanswered. */
export function SignedOutPrompt({ reason, onOpenSettings }: { reason: 'signed_out' | 'choose_staff'; onOpenSettings(): void }) {
  return (
    <section class="prompt" aria-labelledby="prompt-title" data-state={reason}>
      <h2 id="prompt-title">{reason === 'signed_out' ? 'Sign in to find your jobs' : 'Tell Fieldside who you are'}</h2>
      <p>
        {reason === 'signed_out'
          ? 'Fieldside keeps your jobs on this device once you connect it to your job-management account.'
          : 'Choose yourself from your account’s staff, so Fieldside shows the jobs you may see.'}
      </p>
      <button type="button" onClick={onOpenSettings} autoFocus>
        Open Fieldside settings
      </button>
    </section>
  );
}
