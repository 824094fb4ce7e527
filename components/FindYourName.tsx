import { Loading } from './design/Loading';
import { StaffChooser, type StaffChoice } from './StaffChooser';

/** What "find your name" reads and does: the page's session model (lib/account/session-page-model.ts). */
export interface FindYourNameModel {
  staff: { readonly value: readonly StaffChoice[] };
  busy: { readonly value: boolean };
  chooseMe(staffUuid: string): Promise<unknown>;
}

export interface FindYourNameProps {
  model: FindYourNameModel;
  /** Shown until the account's staff have loaded. */
  loading: string;
  /** The only way offered now (the account has not turned Fieldside on, so the job card cannot say): no "Or". */
  only?: boolean;
}

/** "Or find your name in the list": the way to say who you are when the platform has not said it from a
 * job card, on the settings and the first-run page alike. */
export function FindYourName({ model, loading, only = false }: FindYourNameProps) {
  const staff = model.staff.value;
  return (
    <>
      <h3 class="who-fallback">{only ? 'Find your name in the list' : 'Or find your name in the list'}</h3>
      <p class="hint">
        Fieldside then shows only what that person may see. You are asked once: to change it, sign in again.
      </p>
      {staff.length > 0 ? (
        <StaffChooser staff={staff} busy={model.busy.value} onChoose={(uuid) => void model.chooseMe(uuid)} />
      ) : (
        <Loading>{loading}</Loading>
      )}
    </>
  );
}
