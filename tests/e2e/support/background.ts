import type { BrowserContext, Page } from 'playwright-core';
import { ALARMS } from '../../../entrypoints/background/alarms';
import type { ExtensionApi } from './extension-api';

declare const chrome: ExtensionApi;

// Looks at the extension's own state from one of its pages (same origin as the background: the
// same IndexedDB, storage and alarms). Playwright keeps a stale Worker object after a service
// worker restart, so nothing here goes through `worker.evaluate`.

/** The names and values in the secret store (IndexedDB of the extension origin). */
export function readSecrets(page: Page): Promise<Record<string, any>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const open = indexedDB.open('fieldside-secrets');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('secrets')) return resolve({});
          const tx = db.transaction('secrets', 'readonly');
          const out: Record<string, unknown> = {};
          const cursor = tx.objectStore('secrets').openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (!c) return;
            out[String(c.key)] = c.value;
            c.continue();
          };
          tx.oncomplete = () => {
            db.close();
            resolve(out);
          };
        };
      }),
  );
}

export function readStorageLocal(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => chrome.storage.local.get(null));
}

export function refreshAlarm(page: Page): Promise<unknown> {
  return page.evaluate((name) => chrome.alarms.get(name), ALARMS.tokenRefresh);
}

/**
 * The periodic sync alarm comes due now, as it does every few minutes while a person works: the
 * browser fires it (an unpacked extension's alarms may fire at once) and the background syncs as it
 * would then. Nothing a person clicks starts a sync: time does.
 */
export function syncAlarmDueNow(page: Page): Promise<void> {
  return page.evaluate(async (name) => {
    const alarm = await chrome.alarms.get(name);
    if (!alarm?.periodInMinutes) throw new Error(`No periodic ${name} alarm`);
    await chrome.alarms.create(name, { when: Date.now(), periodInMinutes: alarm.periodInMinutes });
  }, ALARMS.sync);
}

/**
 * Stops the background service worker through CDP (ServiceWorker.stopAllWorkers, as
 * chrome://serviceworker-internals does) and reports its running-status changes, so a test can
 * see it stop and start again. Returns once it has stopped, which it may already have undone: an
 * open page's port or a due alarm starts a new worker at once (seen 'stopped' → 'starting' →
 * 'running' within one 50 ms poll).
 */
export async function stopServiceWorker(context: BrowserContext, page: Page): Promise<{ statuses: string[] }> {
  const cdp = await context.newCDPSession(page);
  const statuses: string[] = [];
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const version of event.versions) {
      if (version.scriptURL.endsWith('/background.js') && statuses.at(-1) !== version.runningStatus)
        statuses.push(version.runningStatus);
    }
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const deadline = Date.now() + 10_000;
  while (!statuses.includes('stopped')) {
    if (Date.now() > deadline) throw new Error(`The service worker did not stop (${statuses.join(' → ')})`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { statuses };
}

/** Waits until no alarm of the extension falls due within `ms` (a due alarm starts a stopped worker): a test that
 * watches the worker stay stopped sees only what it did itself. */
export async function noAlarmDueWithin(page: Page, ms: number): Promise<void> {
  for (;;) {
    const due = await page.evaluate(() => chrome.alarms.getAll().then((all) => all.map((a) => a.scheduledTime)));
    const next = Math.min(...due.filter((t) => t > Date.now() - 1_000));
    if (!(next < Date.now() + ms)) return;
    await new Promise((r) => setTimeout(r, Math.max(0, next - Date.now()) + 2_000));
  }
}
