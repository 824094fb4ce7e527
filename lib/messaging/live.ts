import { browser, type Browser } from 'wxt/browser';
import { LIVE_PORT, isLiveEvent, type LiveEventType, type LiveSubscription } from './live-port';
import type { LiveEvent } from './views';

// The page/content side of the live port: pushes from the background (jobs changed, sync status,
// outbox, the page's job, session). Chrome stops an idle service worker, which disconnects every
// port; we reconnect (connecting wakes the worker) and tell the caller, who should re-read what it
// shows because events may have been missed in between.

export interface ConnectLiveOptions {
  /** The events this page registers for: the background sends it no others. */
  events: readonly LiveEventType[];
  /** After a reconnection (not the first connection): re-read state, events may have been missed. */
  onReconnect?: () => void;
  /** Delay before reconnecting, ms (doubles on repeated failures, up to 5 s). Default 100. */
  retryMs?: number;
}

/** Connects to the background's live hub; returns a function that disconnects for good. */
export function connectLive(onEvent: (event: LiveEvent) => void, options: ConnectLiveOptions): () => void {
  const firstDelay = options.retryMs ?? 100;
  let port: Browser.runtime.Port | null = null;
  let stopped = false;
  let delay = firstDelay;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let connectedOnce = false;

  const onMessage = (message: unknown) => {
    delay = firstDelay; // the worker answers: the connection is healthy again
    if (isLiveEvent(message)) onEvent(message);
  };

  function connect(): void {
    if (stopped) return;
    // The extension was reloaded or removed under a content script: nothing to reconnect to.
    if (!browser.runtime?.id) return;
    try {
      port = browser.runtime.connect({ name: LIVE_PORT });
    } catch {
      schedule();
      return;
    }
    port.onMessage.addListener(onMessage);
    port.onDisconnect.addListener(() => {
      port = null;
      schedule();
    });
    port.postMessage({ subscribe: [...options.events] } satisfies LiveSubscription);
    if (connectedOnce) options.onReconnect?.();
    connectedOnce = true;
  }

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 5_000);
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    port?.disconnect();
    port = null;
  };
}
