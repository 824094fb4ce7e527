import { browser, type Browser } from 'wxt/browser';
import { LIVE_PORT, type LiveEvent } from '@/lib/messaging/views';
import type { LiveHub } from '@/lib/messaging/live-hub';

// The background's fan-out to every open page, side panel and content script. Each connects a
// port named LIVE_PORT (lib/messaging/live.ts's connectLive); we keep the open ones and post every
// event to all. A port of a stopped worker is gone with it: the pages reconnect to the new one.

export interface LiveHubOptions {
  /** Called for each new port, e.g. to send it the current sync status at once. */
  onConnect?: (send: (event: LiveEvent) => void) => void;
  /** runtime.id: ports from other extensions are refused. */
  ownId?: string;
}

export function createLiveHub(options: LiveHubOptions = {}): LiveHub & { size(): number; stop(): void } {
  const ports = new Set<Browser.runtime.Port>();

  function post(port: Browser.runtime.Port, event: LiveEvent): void {
    try {
      port.postMessage(event);
    } catch {
      // Disconnected between our last look and now (a closed tab): forget it.
      ports.delete(port);
    }
  }

  const onConnect = (port: Browser.runtime.Port) => {
    if (port.name !== LIVE_PORT) return;
    const senderId = port.sender?.id;
    if (options.ownId !== undefined && senderId !== undefined && senderId !== options.ownId) {
      port.disconnect();
      return;
    }
    ports.add(port);
    port.onDisconnect.addListener(() => ports.delete(port));
    options.onConnect?.((event) => post(port, event));
  };
  browser.runtime.onConnect.addListener(onConnect);

  return {
    broadcast(event: LiveEvent): void {
      for (const port of [...ports]) post(port, event);
    },
    size: () => ports.size,
    stop(): void {
      browser.runtime.onConnect.removeListener(onConnect);
      for (const port of ports) port.disconnect();
      ports.clear();
    },
  };
}
