import type { Handlers } from '@/lib/messaging/router';
import type { ContentPage, SenderInfo } from '@/lib/messaging/sender';
import { ForbiddenSenderError } from '@/lib/messaging/errors';
import { NotOnThisPageError } from '@/lib/page-badges/content-service';
import type { PageGrantsService } from '@/lib/page-badges/page-grants';
import type { JobOpener } from '@/lib/side-panel/open-job';
import type { NewJobService } from '@/lib/new-job/service';
import { toUuid } from '../../../contracts/uuid';

type NewJobMessages =
  | 'newJob.open'
  | 'newJob.draft'
  | 'newJob.customers'
  | 'newJob.create'
  | 'newJob.addresses'
  | 'newJob.progress'
  | 'content.sender'
  | 'content.openJob'
  | 'content.newJob';

/** Sender look-ups one page may make: a page reading the mailbox's senders through us one by one stops here. */
const SENDER_LOOKUPS_PER_PAGE = 30;

function pageOf(sender: SenderInfo, type: string): ContentPage {
  if (!sender.page) throw new ForbiddenSenderError(type);
  return sender.page;
}

/** A new job from the popup, selected text or an e-mail; the webmail card's sender and "Open". */
export function createNewJobHandlers(deps: {
  newJobs: NewJobService;
  grants: PageGrantsService;
  jobs: JobOpener;
}): Pick<Handlers, NewJobMessages> {
  const lookups = new Map<string, number>();
  return {
    'newJob.open': async ({ text, customerUuid }) => {
      await deps.newJobs.open({ from: 'popup', text, ...(customerUuid ? { customerUuid } : {}) });
      return {};
    },
    'newJob.draft': ({ id }) => deps.newJobs.draft(id),
    'newJob.customers': ({ query }) => deps.newJobs.findCustomers(query),
    'newJob.create': async (input) => ({ jobUuid: toUuid((await deps.newJobs.create(input)).jobUuid) }),
    'newJob.addresses': ({ customerUuid }) => deps.newJobs.addresses(customerUuid),
    'newJob.progress': ({ jobUuid }) => deps.newJobs.progress(jobUuid),
    'content.sender': async ({ emails, phones }, sender) => {
      const page = pageOf(sender, 'content.sender');
      const used = (lookups.get(page.key) ?? 0) + 1;
      if (used > SENDER_LOOKUPS_PER_PAGE) throw new ForbiddenSenderError('content.sender');
      lookups.set(page.key, used);
      if (lookups.size > 500) lookups.delete(lookups.keys().next().value!);
      const card = await deps.newJobs.senderCard(emails, phones);
      await deps.grants.grant(
        page,
        card.jobs.map((j) => j.uuid),
      );
      return card;
    },
    'content.openJob': async ({ jobUuid }, sender) => {
      if (!(await deps.grants.shows(pageOf(sender, 'content.openJob'), jobUuid))) throw new NotOnThisPageError();
      await deps.jobs.open(jobUuid, 'web');
      return {};
    },
    'content.newJob': async ({ subject, text, sender: from }, sender) => {
      pageOf(sender, 'content.newJob');
      await deps.newJobs.open({ from: 'email', subject, text, sender: from });
      return {};
    },
  };
}
