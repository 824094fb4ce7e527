import { cheapFields, type SeededSource } from './collection';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { hash32, indexedUuid, nameCode } from './prng';
import type { Rec } from './field-kinds';
import { HOUR, JOB_INDEX, type JobSeedContext, type SeedPlan } from './seed-plan';
import { formatNaive } from './time';
import { mobile } from './phone-numbers';

/** Two of every five jobs have an on-site contact: job contact k belongs to job (k / 2) * 5 + k % 2. */
const jobOfContact = (k: number) => Math.floor(k / 2) * 5 + (k % 2);
const contactCount = (n: number) => Math.floor(n / 5) * 2 + Math.min(n % 5, 2);

/**
 * Job contacts: the person to meet on site. For half of them it is the client's own primary contact, copied onto
 * the job; for the other half someone else (a tenant, a site manager), who is in none of the client's company
 * contacts.
 */
export function createJobContactSource(
  ctx: JobSeedContext,
  plan: SeedPlan,
  primaryContactOf: (company: number) => Rec | undefined,
): SeededSource {
  const seed = hash32(plan.jobSeed, nameCode('jobcontact'));
  const uuidOf = (k: number) => indexedUuid(seed, k);
  const h = (k: number, salt: number) => hash32(seed, k, salt);
  const editOf = (k: number) => formatNaive(Math.min(plan.dateOf(jobOfContact(k)) + 8 * HOUR, ctx.nowNaive - 90_000));
  return {
    count: contactCount(plan.n),
    kindSeed: seed,
    uuidAt: uuidOf,
    cheap: cheapFields(uuidOf, {
      job_uuid: (k) => plan.jobUuid(jobOfContact(k)),
      [JOB_INDEX]: (k) => jobOfContact(k),
      edit_date: (k) => editOf(k),
    }),
    build(k) {
      const i = jobOfContact(k);
      const client = k % 2 === 0 ? primaryContactOf(plan.companyIndex(i)) : undefined;
      const first = String(client?.first ?? FIRST_NAMES[h(k, 1) % FIRST_NAMES.length]);
      const last = String(client?.last ?? LAST_NAMES[h(k, 2) % LAST_NAMES.length]);
      return {
        uuid: uuidOf(k),
        active: 1,
        edit_date: editOf(k),
        job_uuid: plan.jobUuid(i),
        first,
        last,
        phone: String(client?.phone ?? ''),
        mobile: String(client?.mobile ?? mobile(ctx.region, (n) => h(k, 3) % n)),
        email: String(client?.email ?? `${first}.${last}@example.net`.toLowerCase().replace("'", '')),
        type: 'JOB',
        is_primary_contact: '1',
      };
    },
  };
}
