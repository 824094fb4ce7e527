// Sending a new job: its new customer first (and the person to reach them), then the job, each made exactly once
// (create-once.ts says how).
import type { ApplyContext, OutboxClient } from './apply';
import { createOnce } from './create-once';
import type { EntryOf } from './types';

export async function sendJobCreate(
  client: OutboxClient,
  entry: EntryOf<'job-create'>,
  context: ApplyContext = {},
): Promise<void> {
  const { company, address, description } = entry.payload;
  const retried = entry.attempts > 1;
  const views = [client, ...(context.tokenView ? [context.tokenView] : [])];
  if (company?.isNew)
    await createOnce({
      uuid: company.uuid,
      create: () => client.companies.create({ uuid: company.uuid, name: company.name }),
      views: views.map((v) => v.companies),
      retried,
    });
  const contact = company?.isNew ? company.contact : undefined;
  if (company && contact)
    await createOnce({
      uuid: contact.uuid,
      create: () => client.companyContacts.create({ ...contact, companyUuid: company.uuid }),
      views: views.map((v) => v.companyContacts),
      retried,
    });
  await createOnce({
    uuid: entry.jobUuid,
    create: () => client.jobs.create({ uuid: entry.jobUuid, companyUuid: company?.uuid ?? null, address, description }),
    views: views.map((v) => v.jobs),
    retried,
  });
}
