import { Loading } from './design/Loading';
import { StaffChooser, type StaffChooserProps } from './StaffChooser';

export interface FindYourNameProps extends StaffChooserProps {
  /** Shown until the account's staff have loaded. */
  loading: string;
}

/** "Or find your name in the list": the way to say who you are when the platform has not said it from a
 * job card, on the settings and the first-run page alike. */
export function FindYourName({ staff, busy, onChoose, loading }: FindYourNameProps) {
  return (
    <>
      <h3 class="who-fallback">Or find your name in the list</h3>
      <p class="hint">
        Fieldside then shows only what that person may see. You are asked once: to change it, sign in again.
      </p>
      {staff.length > 0 ? <StaffChooser staff={staff} busy={busy} onChoose={onChoose} /> : <Loading>{loading}</Loading>}
    </>
  );
}
