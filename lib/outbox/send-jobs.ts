// Sending a new job (apply.ts says why each create is safe to repeat): its new customer first, then the job,
// each read back by its uuid before a retried create is sent again.
import { platformHasRecord, type OutboxClient } from './apply';
import type { EntryOf } from './types';

export async function sendJobCreate(client: OutboxClient, entry: EntryOf<'job-create'>): Promise<void> {
  const { company, address, description } = entry.payload;
  const retried = entry.attempts > 1;
  if (company?.isNew && !(retried && (await platformHasRecord(() => client.companies.get(company.uuid))))) {
    await client.companies.create({ uuid: company.uuid, name: company.name });
  }
  if (retried && (await platformHasRecord(() => client.jobs.get(entry.jobUuid)))) return;
  await client.jobs.create({ uuid: entry.jobUuid, companyUuid: company?.uuid ?? null, address, description });
}
