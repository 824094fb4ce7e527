import type { BrowserContext, Page } from 'playwright-core';

// The background service worker's JavaScript heap, through the DevTools protocol (a worker has no
// performance.memory): garbage collected first, so the figure is what the background keeps, not what a sync
// left to collect. Reached from a page's session, attached to the worker's target.

export interface HeapUsage {
  /** Heap in use after a full collection, MB. */
  usedMb: number;
  /** Before it: what the worker held at that moment, garbage included. */
  beforeGcMb: number;
}

export async function backgroundHeap(context: BrowserContext, page: Page): Promise<HeapUsage> {
  const cdp = await context.newCDPSession(page);
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: Array<{ targetId: string; type: string; url: string }>;
    };
    const worker = targetInfos.find((t) => t.type === 'service_worker' && t.url.endsWith('/background.js'));
    if (!worker) throw new Error('No background service worker is running');
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false })) as {
      sessionId: string;
    };
    let next = 0;
    const waiting = new Map<number, (result: unknown) => void>();
    cdp.on('Target.receivedMessageFromTarget', (event: { sessionId: string; message: string }) => {
      if (event.sessionId !== sessionId) return;
      const message = JSON.parse(event.message) as { id?: number; result?: unknown };
      if (message.id !== undefined) waiting.get(message.id)?.(message.result);
    });
    const send = (method: string) =>
      new Promise<unknown>((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
      });
    const usage = async () => ((await send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / 2 ** 20;
    const beforeGcMb = await usage();
    await send('HeapProfiler.collectGarbage');
    return { usedMb: await usage(), beforeGcMb };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}
