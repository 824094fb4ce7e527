import { Hono, type Context } from 'hono';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Clock, EmulatorEnv, Switches } from '../contracts';
import type { SmsLog } from '../data/sms-log';
import type { Account, Store } from '../data/store';
import { isUuid } from '../data/validate';
import { readBody } from './body';
import { apiError, apiOk } from './errors';

// `POST {base_url}/platform_service_sms`: the platform texts a customer or staff member, and the account pays for
// each text. The spec lists the scope (`publish_sms`, "account charges apply") and says only public applications
// may send, but shows no endpoint: its path and JSON body `{to, message, regardingJobUUID}` are what public
// integrations post (FIDELITY.md, "Texts"); its answer and errors are the platform's usual ones, unverified.

type C = Context<EmulatorEnv>;

export interface SmsRouteDeps {
  store: Store;
  clock: Clock;
  log: SmsLog;
  switches: { get(): Pick<Switches, 'smsRepeat'> };
}

/** The longest text taken: ten concatenated parts (unverified: the platform's limit is not public). */
export const MAX_SMS_CHARS = 1600;
/** Under `smsRepeat` `once`: the same text to the same number about the same job within this is one text. */
export const SMS_REPEAT_WINDOW_MS = 5 * 60_000;

function accountCountry(store: Store, account: Account): CountryCode | undefined {
  const vendors = store.collection(account, 'vendor');
  const region = vendors.size() > 0 ? String(vendors.get(0).default_region ?? '') : '';
  return /^[A-Z]{2}$/i.test(region) ? (region.toUpperCase() as CountryCode) : undefined;
}

export function createSmsRoutes(deps: SmsRouteDeps): Hono<EmulatorEnv> {
  const routes = new Hono<EmulatorEnv>();
  routes.post('/', async (c: C) => {
    const principal = c.get('principal');
    if (principal.kind === 'api_key')
      return apiError(c, 403, 'Only public applications (OAuth) can send SMS through the platform');
    if (!principal.scopes.has('publish_sms')) return apiError(c, 403, 'Missing OAuth scope publish_sms to send SMS');
    const account = deps.store.account(principal.accountUuid)!;
    const body = await readBody(c);
    if (!body.ok) return apiError(c, 400, body.message);
    const { to, message, regardingJobUUID } = body.fields;
    if (typeof to !== 'string' || to.trim() === '') return apiError(c, 400, 'A recipient number (to) is required');
    const country = accountCountry(deps.store, account);
    const number = parsePhoneNumberFromString(to.trim(), country ? { defaultCountry: country } : undefined);
    if (!number?.isValid()) return apiError(c, 400, `'${to.slice(0, 40)}' is not a valid phone number`);
    if (typeof message !== 'string' || message.trim() === '') return apiError(c, 400, 'The message is empty');
    if (message.length > MAX_SMS_CHARS)
      return apiError(c, 400, `The message is longer than ${MAX_SMS_CHARS} characters`);
    let job: string | null = null;
    if (regardingJobUUID !== undefined && regardingJobUUID !== null && regardingJobUUID !== '') {
      if (typeof regardingJobUUID !== 'string' || !isUuid(regardingJobUUID))
        return apiError(c, 400, 'regardingJobUUID must be a job uuid');
      job = regardingJobUUID.toLowerCase();
      if (deps.store.find(account, 'job', job, c.get('viewers')) === undefined)
        return apiError(c, 400, `No job with uuid ${job} (regardingJobUUID)`);
    }
    const sms = {
      to: number.number,
      to_as_sent: to,
      message,
      regarding_job_uuid: job,
      sent_by_staff_uuid: c.get('actingStaffUuid') ?? principal.consentingStaffUuid,
      sent_at: deps.clock.now(),
    };
    const repeat =
      deps.switches.get().smsRepeat === 'once' &&
      deps.log
        .list(account.info.uuid)
        .some(
          (s) =>
            s.to === sms.to &&
            s.message === sms.message &&
            s.regarding_job_uuid === job &&
            sms.sent_at - s.sent_at < SMS_REPEAT_WINDOW_MS,
        );
    if (!repeat) deps.log.record(account.info.uuid, sms);
    return apiOk(c);
  });
  routes.all('/', (c) => apiError(c, 405, `${c.req.method} is not supported here: POST a text to send it`));
  return routes;
}
