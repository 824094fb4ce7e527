import { browser } from 'wxt/browser';
import { sendMessage } from '@/lib/messaging/send';

// What the popup asks of the browser and the background: open a job, start a new one (setup-views.tsx opens the
// first-run page).

/** Opens the job, then closes the popup (when it is the toolbar popup, not a tab showing it). */
export async function openJob(uuid: string, target: 'web' | 'sidepanel'): Promise<void> {
  // The background falls back to the web UI when the side panel cannot open (lib/side-panel/open-job.ts).
  await sendMessage('job.open', { uuid, target });
  closeIfPopup();
}

/** Opens the new-job form (its own window), then closes the popup. With a customer's jobs open, the job is for
 * that customer (what was typed found them: it is not the job's description); else what was typed fills the form. */
export async function newJob(text: string, customerUuid: string | null): Promise<void> {
  await sendMessage('newJob.open', customerUuid ? { text: '', customerUuid } : { text });
  closeIfPopup();
}

export function closeIfPopup(): void {
  if (browser.extension.getViews({ type: 'popup' }).includes(window)) window.close();
}
