import { browser, type Browser } from 'wxt/browser';
import { isLiveSubscription, type LiveEventType } from '@/lib/messaging/live-port';
import { LIVE_PORT, type LiveEvent } from '@/lib/messaging/views';
import type { LiveHub } from '@/lib/messaging/live-hub';
import { classifySender, pageKeyOf, type SenderInfo } from '@/lib/messaging/sender';

// The background's fan-out to open pages, side panels and content scripts. Each connects a port
// named LIVE_PORT (lib/messaging/live.ts's connectLive) and registers for the events it wants; each
// port gets only those. A content script's port gets no more than a badge needs: the session
// changing, and changes to the jobs its page was answered about, never another page's jobs nor the
// sync's or the outbox's state. A port of a stopped worker is gone with it: the pages reconnect.

/** All a content script's port may register for. */
const CONTENT_EVENTS: ReadonlySet<LiveEventType> = new Set(['jobs.changed', 'session.changed']);

export interface LiveHubOptions {
  /** runtime.id: ports from other extensions are refused. */
  ownId: string;
  /** runtime.getURL('/'): a port from elsewhere is a content script's. */
  ownOrigin: string;
  /** Called for each port once it registered, e.g. to send it the current sync status at once
   * (`send` drops what the port did not register for); `ownPage`: the path of Fieldside's page that connected
   * (`/popup.html`), null for a content script. */
  onConnect?: (send: (event: LiveEvent) => void, ownPage: string | null) => void;
  /** Of `uuids`, the jobs a content script's page (by its key) was answered about. */
  shownOnPage?: (pageKey: string, uuids: readonly string[]) => Promise<string[]>;
}

interface Listener {
  events: ReadonlySet<LiveEventType>;
  /** A content script's page, by key; undefined for Fieldside's own pages. */
  pageKey: string | undefined;
}

export function createLiveHub(options: LiveHubOptions): LiveHub & { size(): number; stop(): void } {
  const ports = new Map<Browser.runtime.Port, Listener>();

  function post(port: Browser.runtime.Port, event: LiveEvent): void {
    try {
      port.postMessage(event);
    } catch {
      // Disconnected between our last look and now (a closed tab): forget it.
      ports.delete(port);
    }
  }

  function send(port: Browser.runtime.Port, event: LiveEvent): void {
    const listener = ports.get(port);
    if (!listener?.events.has(event.type)) return;
    if (listener.pageKey === undefined || event.type !== 'jobs.changed') return post(port, event);
    void (options.shownOnPage?.(listener.pageKey, event.uuids) ?? Promise.resolve([])).then(
      (shown) => shown.length > 0 && ports.has(port) && post(port, { type: 'jobs.changed', uuids: shown }),
      () => undefined,
    );
  }

  const onConnect = (port: Browser.runtime.Port) => {
    if (port.name !== LIVE_PORT) return;
    const sender = (port.sender ?? {}) as SenderInfo;
    const context = classifySender(sender, options.ownId, options.ownOrigin);
    const pageKey = context === 'content' ? pageKeyOf(sender) : undefined;
    // The quick-note frame hears nothing: its content script tells it when to read again.
    if (!context || context === 'quickNote' || (context === 'content' && pageKey === undefined)) {
      port.disconnect();
      return;
    }
    port.onDisconnect.addListener(() => ports.delete(port));
    port.onMessage.addListener((message: unknown) => {
      if (!isLiveSubscription(message)) return;
      const events = new Set(message.subscribe.filter((type) => context === 'page' || CONTENT_EVENTS.has(type)));
      const first = !ports.has(port);
      ports.set(port, { events, pageKey });
      const ownPage = context === 'page' ? new URL(sender.url!).pathname : null;
      if (first) options.onConnect?.((event) => send(port, event), ownPage);
    });
  };
  browser.runtime.onConnect.addListener(onConnect);

  return {
    broadcast(event: LiveEvent): void {
      for (const port of [...ports.keys()]) send(port, event);
    },
    size: () => ports.size,
    stop(): void {
      browser.runtime.onConnect.removeListener(onConnect);
      for (const port of ports.keys()) port.disconnect();
      ports.clear();
    },
  };
}
