import { browser } from 'wxt/browser';
import { sendMessage } from '../messaging/send';
import type { SyncStatus } from '../messaging/views';

// Sync progress and cache changes for the popup and picker. The background pushes them on the
// live port (lib/messaging/live.ts); that module validates with zod, which would more than double
// the popup's JavaScript, so this reads the two events it needs by hand. The background validated
// what it sent. A poll of `sync.status` each second covers a worker that was asleep (its port
// dropped) and a build whose hub does not push sync progress.

/** lib/messaging/views.ts's LIVE_PORT (a unit test holds the two equal; importing it would bundle zod). */
export const LIVE_PORT_NAME = 'fieldside.live';

export interface SyncWatchHandlers {
  onStatus(status: SyncStatus): void;
  /** Jobs changed in the cache: re-read the index. */
  onJobsChanged(): void;
  /** The background could not be reached (status unknown). */
  onUnreachable(error: unknown): void;
}

export function watchSync(handlers: SyncWatchHandlers, pollMs = 1000): () => void {
  let stopped = false;
  let port: ReturnType<typeof browser.runtime.connect> | null = null;
  const onMessage = (message: unknown) => {
    const event = message as { type?: unknown; status?: unknown };
    if (event?.type === 'sync.status' && typeof event.status === 'object' && event.status !== null) handlers.onStatus(event.status as SyncStatus);
    else if (event?.type === 'jobs.changed') handlers.onJobsChanged();
  };
  try {
    port = browser.runtime.connect({ name: LIVE_PORT_NAME });
    port.onMessage.addListener(onMessage);
    port.onDisconnect.addListener(() => void (port = null));
  } catch {
    port = null; // polling alone still works
  }
  async function poll(): Promise<void> {
    try {
      const status = await sendMessage('sync.status', {});
      if (!stopped) handlers.onStatus(status);
    } catch (error) {
      if (!stopped) handlers.onUnreachable(error);
    }
  }
  void poll();
  const timer = setInterval(() => void poll(), pollMs);
  return () => {
    stopped = true;
    clearInterval(timer);
    port?.disconnect();
  };
}
