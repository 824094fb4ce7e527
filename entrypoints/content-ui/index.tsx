import { render } from 'preact';
import { CARD_CSS, CONTENT_CSS, CONTENT_ROOT_CLASS } from '@/components/page-badges/styles';
import type { CardTarget } from '@/lib/page-badges/webmail-scan';
import { SenderCardView } from './sender-card';
import type { BadgeTarget } from '@/lib/page-badges/scan';
import { UI_GLOBAL, type ContentUi, type UiContext } from '@/lib/page-badges/ui-contract';
import { sendMessage } from '@/lib/messaging/send';
import { connectLive } from '@/lib/messaging/live';
import { BadgeView } from './badge-view';
import { createContentModel } from './model';
import { refuseUntrustedEvents } from '@/lib/page-badges/trusted-events';

// The content UI chunk, loaded by the initial content script only on pages where it found a job
// (web_accessible_resources, imported into the content script's isolated world). It renders a
// badge into each host's closed shadow root, lets only the person's own clicks and keys act there
// (trusted-events.ts), asks for all their jobs in one message, follows live updates of those jobs,
// and removes everything when the extension context is invalidated (an update or reload).

function createContentUi(): ContentUi {
  const model = createContentModel(sendMessage);
  let nextId = 0;
  let live = false;
  /** Each rendered badge's host and how to take it down. */
  const mounted = new Map<HTMLElement, () => void>();

  /** Live updates: re-read the badges (and the open panel) when their jobs change in the cache. */
  function follow(ctx: UiContext) {
    if (live) return;
    live = true;
    const stop = connectLive(
      (event) => {
        if (event.type === 'jobs.changed') void model.refresh(event.uuids);
        if (event.type === 'session.changed') void model.refresh([]);
      },
      // Events may have been missed while the worker was stopped.
      { events: ['jobs.changed', 'session.changed'], onReconnect: () => void model.refresh([]) },
    );
    ctx.onInvalidated(stop);
    // WXT's ctx notices a reloaded or updated extension only when something asks it (its timers
    // do); with the Navigation API nothing polls, so the badges would outlive their extension.
    // One cheap tick, only on pages that show badges, tears them down within two seconds.
    ctx.setInterval(() => undefined, 2_000);
  }

  return {
    add(ctx: UiContext, targets: readonly BadgeTarget[]) {
      for (const target of targets) {
        const root = target.root;
        const trustedOnly = refuseUntrustedEvents(root);
        const style = document.createElement('style');
        style.textContent = CONTENT_CSS;
        const container = document.createElement('span');
        container.className = CONTENT_ROOT_CLASS;
        root.replaceChildren(style, container);
        const hostId = `fieldside-${++nextId}`;
        render(<BadgeView model={model} target={target} hostId={hostId} />, container);
        const unmount = () => {
          render(null, container);
          trustedOnly();
          target.host.remove();
          mounted.delete(target.host);
          if (model.panel.value?.hostId === hostId) model.close();
        };
        mounted.set(target.host, unmount);
        ctx.onInvalidated(unmount);
      }
      follow(ctx);
      const uuids = targets.flatMap((t) => (t.uuid ? [t.uuid] : []));
      const numbers = targets.flatMap((t) => (t.number ? [t.number] : []));
      model.track(uuids, numbers).catch((error: unknown) => console.warn('Fieldside: job badges unavailable', error));
    },
    prune() {
      for (const [host, unmount] of [...mounted]) if (!host.isConnected) unmount();
    },
    card(ctx: UiContext, target: CardTarget) {
      const trustedOnly = refuseUntrustedEvents(target.root);
      const style = document.createElement('style');
      style.textContent = CARD_CSS;
      const container = document.createElement('div');
      container.className = CONTENT_ROOT_CLASS;
      target.root.replaceChildren(style, container);
      render(<SenderCardView email={target.email} send={sendMessage} />, container);
      const unmount = () => {
        render(null, container);
        trustedOnly();
        target.host.remove();
        mounted.delete(target.host);
      };
      mounted.set(target.host, unmount);
      ctx.onInvalidated(unmount);
    },
  };
}

export default defineUnlistedScript(() => {
  const g = globalThis as Record<string, unknown>;
  g[UI_GLOBAL] ??= createContentUi();
});
