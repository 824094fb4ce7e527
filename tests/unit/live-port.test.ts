// The live port end to end: the background's hub (entrypoints/background/live-hub.ts) and the
// pages' connectLive (lib/messaging/live.ts), over an in-memory runtime.connect (fakeBrowser has
// none). A "worker restart" disconnects every port and installs a new hub, as Chrome does.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createLiveHub } from '@/entrypoints/background/live-hub';
import { connectLive } from '@/lib/messaging/live';
import type { LiveEventType } from '@/lib/messaging/live-port';
import type { LiveEvent } from '@/lib/messaging/views';

type Listener<A extends unknown[]> = (...args: A) => void;
interface FakeSender {
  id?: string;
  url?: string;
  tab?: { id: number };
  frameId?: number;
}
interface FakePort {
  name: string;
  sender?: FakeSender;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(l: Listener<[unknown]>): void };
  onDisconnect: { addListener(l: Listener<[]>): void };
}

function portPair(name: string, sender: FakeSender): [FakePort, FakePort] {
  const sides = [0, 1].map(() => ({ message: [] as Listener<[unknown]>[], disconnect: [] as Listener<[]>[] }));
  let open = true;
  const make = (me: number): FakePort => ({
    name,
    ...(me === 1 ? { sender } : {}),
    postMessage(message) {
      if (!open) throw new Error('Attempting to use a disconnected port object');
      const copy = structuredClone(message);
      queueMicrotask(() => sides[1 - me]!.message.forEach((l) => l(copy)));
    },
    disconnect() {
      if (!open) return;
      open = false;
      // Like browsers: only the other side hears about it.
      sides[1 - me]!.disconnect.forEach((l) => l());
    },
    onMessage: { addListener: (l) => void sides[me]!.message.push(l) },
    onDisconnect: { addListener: (l) => void sides[me]!.disconnect.push(l) },
  });
  return [make(0), make(1)];
}

const OWN_ORIGIN = () => fakeBrowser.runtime.getURL('/');
const hubOptions = () => ({ ownId: fakeBrowser.runtime.id, ownOrigin: OWN_ORIGIN() });
const ALL: LiveEventType[] = ['jobs.changed', 'sync.status', 'outbox.changed', 'page.job', 'session.changed'];

/** runtime.connect/onConnect between "pages" and the current "worker"; each port is sent by `sender()`
 * (by default one of Fieldside's own pages). */
function installRuntimePorts(
  sender: () => FakeSender = () => ({ id: fakeBrowser.runtime.id, url: `${OWN_ORIGIN()}popup.html` }),
) {
  let onConnect: Listener<[FakePort]>[] = [];
  const workerPorts: FakePort[] = [];
  (fakeBrowser.runtime as any).connect = ({ name }: { name: string }) => {
    const [page, worker] = portPair(name, sender());
    workerPorts.push(worker);
    queueMicrotask(() => onConnect.forEach((l) => l(worker)));
    return page;
  };
  (fakeBrowser.runtime as any).onConnect = {
    addListener: (l: Listener<[FakePort]>) => void onConnect.push(l),
    removeListener: (l: Listener<[FakePort]>) => void (onConnect = onConnect.filter((x) => x !== l)),
  };
  return {
    /** The worker stops: every port drops and its listeners are gone. */
    stopWorker() {
      onConnect = [];
      for (const port of workerPorts.splice(0)) port.disconnect();
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 5));

let runtime: ReturnType<typeof installRuntimePorts>;
beforeEach(() => {
  runtime = installRuntimePorts();
});
afterEach(() => fakeBrowser.reset());

describe('live hub and connectLive', () => {
  it('delivers every broadcast to every connected page, and sends a greeting to each new one', async () => {
    const hub = createLiveHub({ ...hubOptions(), onConnect: (send) => send({ type: 'session.changed' }) });
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    const stopA = connectLive((e) => a.push(e), { events: ALL });
    const stopB = connectLive((e) => b.push(e), { events: ALL });
    await settle();
    expect(hub.size()).toBe(2);
    hub.broadcast({ type: 'jobs.changed', uuids: ['x'] });
    await settle();
    expect(a).toEqual([{ type: 'session.changed' }, { type: 'jobs.changed', uuids: ['x'] }]);
    expect(b).toEqual(a);
    stopA();
    await settle();
    expect(hub.size()).toBe(1);
    stopB();
    hub.stop();
  });

  it("reconnects after the worker restarts, tells the page to re-read, and gets the new worker's events", async () => {
    createLiveHub(hubOptions());
    const got: LiveEvent[] = [];
    const onReconnect = vi.fn();
    const stop = connectLive((e) => got.push(e), { events: ALL, onReconnect, retryMs: 1 });
    await settle();
    runtime.stopWorker();
    const next = createLiveHub(hubOptions());
    await settle();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    expect(next.size()).toBe(1);
    next.broadcast({ type: 'outbox.changed', pendingWrites: 2 });
    await settle();
    expect(got).toEqual([{ type: 'outbox.changed', pendingWrites: 2 }]);
    stop();
    next.stop();
  });

  it('ignores messages that are not live events, and ports with another name', async () => {
    const hub = createLiveHub(hubOptions());
    const got: LiveEvent[] = [];
    const stop = connectLive((e) => got.push(e), { events: ALL });
    (fakeBrowser.runtime as any).connect({ name: 'something-else' });
    await settle();
    expect(hub.size()).toBe(1);
    hub.broadcast({ type: 'nonsense' } as unknown as LiveEvent);
    hub.broadcast({ type: 'page.job', uuid: null });
    await settle();
    expect(got).toEqual([{ type: 'page.job', uuid: null }]);
    stop();
    hub.stop();
  });

  it('refuses a port from another extension', async () => {
    installRuntimePorts(() => ({ id: 'someone-else', url: 'chrome-extension://someone-else/x.html' }));
    const hub = createLiveHub(hubOptions());
    const stop = connectLive(() => undefined, { events: ALL, retryMs: 10_000 });
    await settle();
    expect(hub.size()).toBe(0);
    stop();
    hub.stop();
  });

  it('sends each port only the events it registered for', async () => {
    const hub = createLiveHub({
      ...hubOptions(),
      onConnect: (send) => send({ type: 'outbox.changed', pendingWrites: 1 }),
    });
    const popup: LiveEvent[] = [];
    const stop = connectLive((e) => popup.push(e), { events: ['sync.status', 'jobs.changed'] });
    await settle();
    hub.broadcast({ type: 'page.job', uuid: 'a' });
    hub.broadcast({ type: 'jobs.changed', uuids: ['a'] });
    await settle();
    expect(popup).toEqual([{ type: 'jobs.changed', uuids: ['a'] }]);
    stop();
    hub.stop();
  });

  it("names the Fieldside page that connected (someone looks: a morning's walk, a customer search), and no content script", async () => {
    const seen: Array<string | null> = [];
    const pages = [
      { id: fakeBrowser.runtime.id, url: `${OWN_ORIGIN()}popup.html` },
      { id: fakeBrowser.runtime.id, url: `${OWN_ORIGIN()}sidepanel.html?tab=3` },
      { id: fakeBrowser.runtime.id, url: 'http://127.0.0.1:8081/job/1', tab: { id: 5 }, frameId: 0 },
    ];
    let next = 0;
    installRuntimePorts(() => pages[next++]!);
    const hub = createLiveHub({ ...hubOptions(), onConnect: (_send, ownPage) => void seen.push(ownPage) });
    const stops = pages.map(() => connectLive(() => undefined, { events: ['sync.status'] }));
    await settle();
    expect(seen).toEqual(['/popup.html', '/sidepanel.html', null]);
    stops.forEach((stop) => stop());
    hub.stop();
  });

  it("tells a content script's port only of the jobs its page showed, and nothing of the sync or the outbox", async () => {
    const page = { id: fakeBrowser.runtime.id, url: 'http://127.0.0.1:8081/job/1', tab: { id: 5 }, frameId: 0 };
    installRuntimePorts(() => page);
    const asked: Array<[string, readonly string[]]> = [];
    const hub = createLiveHub({
      ...hubOptions(),
      onConnect: (send) => send({ type: 'outbox.changed', pendingWrites: 3 }),
      shownOnPage: async (key, uuids) => (asked.push([key, uuids]), uuids.filter((u) => u === 'mine')),
    });
    const got: LiveEvent[] = [];
    // It asks for everything; it is given what a badge needs.
    const stop = connectLive((e) => got.push(e), { events: ALL });
    await settle();
    hub.broadcast({ type: 'jobs.changed', uuids: ['mine', 'someone-elses'] });
    hub.broadcast({ type: 'jobs.changed', uuids: ['someone-elses'] });
    hub.broadcast({ type: 'outbox.changed', pendingWrites: 2 });
    hub.broadcast({ type: 'page.job', uuid: 'someone-elses' });
    hub.broadcast({ type: 'session.changed' });
    await settle();
    // (A job change is sent once the page's grants are read: it may come after the session's.)
    expect(got).toHaveLength(2);
    expect(got).toEqual(
      expect.arrayContaining([{ type: 'jobs.changed', uuids: ['mine'] }, { type: 'session.changed' }]),
    );
    expect(asked[0]).toEqual(['5:0:http://127.0.0.1:8081', ['mine', 'someone-elses']]);
    stop();
    hub.stop();
  });
});
