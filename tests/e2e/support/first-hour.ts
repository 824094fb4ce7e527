import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from './stack';

// Helpers of the first-hour journeys (first-hour.test.ts, first-hour-firefox.test.ts).

/** What no page of Fieldside may show a field worker: an OAuth scope's name, a request line, the
 * platform's API path, an HTTP status said as one. (Job numbers are digits too: a bare number is
 * not a status code, so only a status said as one counts.) */
export const TECHNICAL_WORDS =
  /\b(?:read|manage|publish|create)_[a-z_]+\b|\bvendor_\w+|\b(?:GET|POST|PUT|DELETE)\s+\/|\/api_1\.0|\b(?:HTTP|status)\s*[1-5]\d\d\b|\b[1-5]\d\d (?:Missing|Forbidden|Unauthorized)\b/;

/** The tab the extension opened on install: its first-run page. */
export async function firstRunPage(context: BrowserContext): Promise<Page> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const page = context.pages().find((p) => p.url().endsWith('/welcome.html'));
    if (page) return page;
    if (Date.now() > deadline)
      throw new Error(
        `The install opened no first-run page (pages: ${context
          .pages()
          .map((p) => p.url())
          .join(', ')})`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits (up to 30 s) until the platform holds the note `text` once: on the job, written as the technician. */
export async function expectTechnicianNote(stack: Stack, jobUuid: string, text: string): Promise<void> {
  await expect
    .poll(
      async () => (await stack.emulator.control.listRecords(stack.account.uuid, 'note')).filter((n) => n.note === text),
      { timeout: 30_000, message: `the note "${text}" on the platform, as the technician's` },
    )
    .toMatchObject([
      { related_object: 'job', related_object_uuid: jobUuid, edit_by_staff_uuid: stack.technician.uuid },
    ]);
}

/** A job as the emulator holds it: its number, as people say it, and its status. */
export async function technicianJob(
  stack: Stack,
  uuid: string,
): Promise<{ uuid: string; number: string; status: string }> {
  const job = (await stack.emulator.control.listRecords(stack.account.uuid, 'job')).find((j) => j.uuid === uuid);
  if (!job) throw new Error(`No job ${uuid}`);
  return { uuid, number: String(job.generated_job_id), status: String(job.status) };
}
