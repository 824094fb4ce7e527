// Sending a new job (apply.ts says why each create is safe to repeat): its new customer first, then the job,
// each read back by its uuid before a retried create is sent again. A create the platform refuses is read back
// too: the browser itself resends a POST whose reused connection closed before the answer (Chromium does), so
// "already exists" may be the echo of our own create.
import { platformHasRecord, type OutboxClient } from './apply';
import type { EntryOf } from './types';

async function createOnce(create: () => Promise<void>, read: () => Promise<unknown>, retried: boolean): Promise<void> {
  if (retried && (await platformHasRecord(read))) return;
  try {
    await create();
  } catch (error) {
    if (await platformHasRecord(read).catch(() => false)) return;
    throw error;
  }
}

export async function sendJobCreate(client: OutboxClient, entry: EntryOf<'job-create'>): Promise<void> {
  const { company, address, description } = entry.payload;
  const retried = entry.attempts > 1;
  if (company?.isNew)
    await createOnce(
      () => client.companies.create({ uuid: company.uuid, name: company.name }),
      () => client.companies.get(company.uuid),
      retried,
    );
  await createOnce(
    () => client.jobs.create({ uuid: entry.jobUuid, companyUuid: company?.uuid ?? null, address, description }),
    () => client.jobs.get(entry.jobUuid),
    retried,
  );
}
