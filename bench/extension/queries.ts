// 200 mixed queries from the emulator's real jobs, as people type them: job numbers (whole, with
// "#", prefixes), customer name fragments, address words, and 40 with one typo whose intended job
// is known. The typo helper and the mix follow lib/search/testing/synthetic-queries.ts.
import { pick } from '../../lib/search/testing/synthetic-docs';
import { withTypo, type BenchQuery } from '../../lib/search/testing/synthetic-queries';
import type { Stack } from '../../tests/e2e/support/stack';

export interface QueryJob {
  uuid: string;
  number: string;
  customer: string;
  address: string;
}

/** The account's active jobs, as the queries are made of them: number, customer's name and address. */
export async function activeQueryJobs(stack: Pick<Stack, 'emulator' | 'account'>): Promise<QueryJob[]> {
  const { control } = stack.emulator;
  const jobs = await control.listRecords(stack.account.uuid, 'job');
  const companies = new Map(
    (await control.listRecords(stack.account.uuid, 'company')).map((c) => [String(c.uuid), String(c.name ?? '')]),
  );
  return jobs
    .filter((j) => j.active === 1 || j.active === true)
    .map((j) => ({
      uuid: String(j.uuid),
      number: String(j.generated_job_id),
      customer: companies.get(String(j.company_uuid)) ?? '',
      address: String(j.job_address ?? ''),
    }));
}

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export type EmulatorQuery = BenchQuery & { alike?: string[] };

export function emulatorQueries(jobs: readonly QueryJob[], random: () => number): EmulatorQuery[] {
  const out: EmulatorQuery[] = [];
  const job = () => pick(random, jobs);
  for (let i = 0; i < 30; i++) out.push({ kind: 'number', text: job().number });
  for (let i = 0; i < 10; i++) out.push({ kind: 'number', text: `#${job().number}` });
  for (let i = 0; i < 10; i++) out.push({ kind: 'number', text: job().number.slice(0, 2 + (i % 2)) });
  for (let i = 0; i < 25; i++) {
    const w = words(job().customer);
    out.push({ kind: 'name', text: w.length > 1 ? `${w[0]} ${w[1]!.slice(0, 3)}` : (w[0] ?? 'a') });
  }
  for (let i = 0; i < 25; i++) out.push({ kind: 'name', text: words(job().customer).at(-1) ?? 'a' });
  for (let i = 0; i < 60; i++) {
    const [street = ''] = job().address.split('\n');
    const w = words(street);
    if (w.length < 2) continue;
    out.push({ kind: 'address', text: i % 2 === 0 ? w.slice(0, 2).join(' ') : w.slice(1).join(' ') });
  }
  // A job in mind by its customer and street. Jobs of one customer at one address are the same
  // text to a search (the emulator gives a customer's jobs its address), so finding any of them
  // counts: `alike` lists them. Then one typo, in the customer's name or in the street's name.
  const parts = (doc: QueryJob) => {
    const s = words(doc.address.split('\n')[0] ?? '');
    const long = words(doc.customer).find((w) => w.length >= 5);
    return s.length >= 2 && long
      ? { number: s[0]!, street: s[1]!, long, place: `${doc.customer}|${doc.address.split('\n')[0]}` }
      : null;
  };
  const byPlace = new Map<string, string[]>();
  for (const doc of jobs) {
    const p = parts(doc);
    if (p) byPlace.set(p.place, [...(byPlace.get(p.place) ?? []), doc.uuid]);
  }
  let made = 0;
  for (let guard = 0; made < 40 && guard < 100_000; guard++) {
    const doc = job();
    const p = parts(doc);
    if (!p) continue;
    const streetTypo = made % 2 === 1 && p.street.length >= 5;
    const text = streetTypo
      ? `${p.number} ${withTypo(p.street, random)} ${p.long}`
      : `${withTypo(p.long, random)} ${p.number} ${p.street}`;
    out.push({ kind: 'typo', text, intended: doc.uuid, alike: byPlace.get(p.place) ?? [doc.uuid] });
    made++;
  }
  return out.slice(0, 200);
}
