export interface SessionSummaryProps {
  state: 'signed_out' | 'signed_in';
  mode: 'oauth' | 'api_key' | null;
  accountName: string | null;
  meName: string | null;
  viewAsName: string | null;
  scopes: string[];
  signedOutReason: 'signed_out' | 'revoked' | null;
}

/** Sign-in state in words: account, who you are, whose view, granted scopes. */
export function SessionSummary(props: SessionSummaryProps) {
  if (props.state === 'signed_out') {
    return (
      <div id="session-state" data-state="signed_out">
        <p>Not signed in.</p>
        {props.signedOutReason === 'revoked' && (
          <p role="alert" id="revoked-notice">
            Access to the platform was revoked (the add-on was disabled or its grant withdrawn), so you were signed out.
            Sign in again to continue.
          </p>
        )}
      </div>
    );
  }
  return (
    <div id="session-state" data-state="signed_in">
      <p>
        Signed in to <strong id="account-name">{props.accountName ?? ''}</strong>
        {props.mode === 'api_key' ? ' with an API key.' : ' with OAuth.'}
      </p>
      {props.mode === 'oauth' && (
        <p>
          You are: <strong id="me-name">{props.meName ?? 'not chosen yet'}</strong>
          {props.viewAsName && props.viewAsName !== props.meName && (
            <>
              {' '}
              (viewing as <strong id="view-as-name">{props.viewAsName}</strong>)
            </>
          )}
        </p>
      )}
      {props.mode === 'oauth' && props.meName && (
        <p role="note" id="limit-notice">
          Fieldside shows only what {props.viewAsName ?? props.meName} may see because{' '}
          {props.viewAsName && props.viewAsName !== props.meName ? 'you chose to view as them' : 'you chose that name'}. That limit is
          your choice in Fieldside, not the platform's: the platform does not know who is using this device.
        </p>
      )}
      {props.mode === 'api_key' && (
        <p role="note" id="api-key-mode-notice">
          API-key mode: views are not limited to a staff member; Fieldside sees the whole account.
        </p>
      )}
      {props.scopes.length > 0 && (
        <>
          <h3 id="scopes-heading">Granted scopes</h3>
          <ul aria-labelledby="scopes-heading" id="scopes">
            {props.scopes.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
