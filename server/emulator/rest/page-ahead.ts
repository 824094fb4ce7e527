/** A page body ready to send, and where the page after it starts. */
export interface RenderedPage {
  body: Uint8Array<ArrayBuffer>;
  next: number | undefined;
  /** How long rendering took, wherever it happened (reported in Server-Timing). */
  renderMs: number;
}

/** Pages rendered ahead at most; a client pages one collection at a time, so a few cover several clients. */
const MAX_READY = 8;

/**
 * Read-ahead for cursor paging. Rendering a 1,000-job page (~1.6 MB of JSON) takes several milliseconds; a client
 * that pages through a collection spends at least as long receiving and parsing the page it has. So once a page
 * is served, the emulator renders the one after it while the client is busy, and the next request is answered
 * from that. An entry is valid only for the store version it was rendered at: any write makes it stale, so a
 * page is never older than the request that reads it.
 */
export function createPageAhead(version: () => number) {
  const ready = new Map<string, { version: number; page: RenderedPage }>();
  const pending = new Set<string>();

  return {
    /** The page rendered ahead for `key`, if it is still current; each is served once. */
    take(key: string): RenderedPage | undefined {
      const entry = ready.get(key);
      if (!entry) return undefined;
      ready.delete(key);
      return entry.version === version() ? entry.page : undefined;
    },
    /** Renders `key` after the current response is written, unless it is already rendered or on its way. */
    renderSoon(key: string, render: () => RenderedPage): void {
      if (ready.has(key) || pending.has(key)) return;
      pending.add(key);
      setImmediate(() => {
        pending.delete(key);
        const at = version();
        const page = render();
        if (ready.size >= MAX_READY) ready.delete(ready.keys().next().value as string);
        ready.set(key, { version: at, page });
      });
    },
  };
}

export type PageAhead = ReturnType<typeof createPageAhead>;
