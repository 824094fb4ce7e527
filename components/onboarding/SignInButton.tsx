import { SignInIcon } from '../icons/sign-in';

/** "Sign in with the platform": the one way a person starts signing in, on the settings and first-run pages. */
export function SignInButton({ busy, onSignIn }: { busy: boolean; onSignIn: () => void }) {
  return (
    <button type="button" id="sign-in" class="btn-primary btn-lg" disabled={busy} onClick={onSignIn}>
      <SignInIcon />
      Sign in with the platform
    </button>
  );
}
