import type { Context } from 'hono';
import { readParams } from './form-params';
import { errorPage } from './html';
import { findActivePerson, parsePersonValue } from './people';
import { redirectTo } from './redirect';
import type { OAuthState } from './state';

/** POST /consent: the answer to the consent page. The form's one-time token names the pending request,
 * so nothing about the client, redirect or scopes is taken from the form itself. */
export async function handleConsent(c: Context, state: OAuthState): Promise<Response> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\b/i.test(type))
    return errorPage(c, 'The consent form was not sent as a form.');
  const params = readParams(new URLSearchParams(await c.req.text()));
  if (!params.ok) return errorPage(c, `The parameter ${params.repeated} was sent more than once.`);
  const p = params.get;

  const decision = p('decision');
  if (decision !== 'allow' && decision !== 'deny') return errorPage(c, 'Choose Allow or Deny.');
  const formToken = p('form_token');
  const browser = state.sessions.existingBrowser(c);
  const pending = formToken ? state.sessions.take(formToken, browser) : undefined;
  if (!pending || !browser) {
    return errorPage(c, 'This consent form has expired, was already answered, or was opened in another browser.');
  }

  if (decision === 'deny') {
    return c.redirect(
      redirectTo(pending.redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied access.',
        state: pending.state,
      }),
      303,
    );
  }

  const person = parsePersonValue(p('person') ?? '');
  if (!person || !findActivePerson(state.deps.accounts, person)) {
    return errorPage(c, 'Choose an active staff member to sign in as.');
  }
  // Incremental authorisation: the grant is the union of what this person allowed before and now.
  const scopes = state.grants.add(person.accountUuid, person.staffUuid, pending.scopes);
  state.sessions.signIn(browser, person);
  const code = state.codes.issue({
    clientId: state.deps.app.client_id,
    redirectUri: pending.redirectUri,
    ...person,
    scopes,
  });
  return c.redirect(redirectTo(pending.redirectUri, { code, state: pending.state }), 303);
}
