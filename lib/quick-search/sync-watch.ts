import { connectLive } from '../messaging/live';
import { sendMessage } from '../messaging/send';
import type { SyncStatus } from '../messaging/views';

// Sync progress and cache changes for the popup and picker, pushed by the background on the live
// port (connectLive, which checks events without zod, so the popup stays small). A poll of
// `sync.status` each second covers a worker that was asleep (its port dropped) and one that
// restarted (connectLive reconnects and we re-read at once).

export interface SyncWatchHandlers {
  onStatus(status: SyncStatus): void;
  /** Jobs changed in the cache: re-read the index. */
  onJobsChanged(): void;
  /** The background could not be reached (status unknown). */
  onUnreachable(error: unknown): void;
}

export function watchSync(handlers: SyncWatchHandlers, pollMs = 1000): () => void {
  let stopped = false;
  async function poll(): Promise<void> {
    try {
      const status = await sendMessage('sync.status', {});
      if (!stopped) handlers.onStatus(status);
    } catch (error) {
      if (!stopped) handlers.onUnreachable(error);
    }
  }
  const disconnect = connectLive(
    (event) => {
      if (event.type === 'sync.status') handlers.onStatus(event.status);
      else if (event.type === 'jobs.changed') handlers.onJobsChanged();
    },
    { events: ['sync.status', 'jobs.changed'], onReconnect: () => void poll() },
  );
  void poll();
  const timer = setInterval(() => void poll(), pollMs);
  return () => {
    stopped = true;
    clearInterval(timer);
    disconnect();
  };
}
