// How the platform tells Fieldside who the person is (pairing: the job card's Fieldside, then "Use Fieldside in this
// browser"), in one place for every page that offers it. That path works only once the account turned Fieldside on
// (an administrator activated the add-on, SessionView.addonActivated); until then the job card answers "not turned on
// yet", so a page says that instead of sending the person there.

/** The job card's path, as one sentence's end: "open any job …". */
export const PAIRING_PATH = 'open any job in the platform, choose Fieldside, then “Use Fieldside in this browser”';

/** Where Fieldside is turned on. The add-on store shows Fieldside as active as soon as anyone signed in with it,
 * before any administrator activated it: "Activate again" is then the button to press. */
export const ACTIVATE_STEP =
  'in the platform’s add-on store, open Fieldside and activate it, also where it already shows as active';

/** Who can turn Fieldside on, and where. */
export const TURN_ON = `An administrator of your account can turn it on: ${ACTIVATE_STEP}.`;

/** Whether the account is known not to have turned Fieldside on (null: not told, and the path is offered). */
export const addonOff = (activated: boolean | null | undefined): boolean => activated === false;

/** Why the job card cannot say who the person is yet, and who can change that. */
export function NotTurnedOn({ accountName }: { accountName: string }) {
  return (
    <>
      Fieldside is not turned on for <strong>{accountName}</strong> yet, so the platform cannot tell Fieldside who you
      are from a job card. {TURN_ON}
    </>
  );
}
