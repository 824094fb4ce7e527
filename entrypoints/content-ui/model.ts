import { computed, signal } from '@preact/signals';
import type { PageJob } from '@/lib/messaging/views';
import type { MessageType, ReplyOf, RequestOf } from '@/lib/messaging/protocol';
import type { BadgeState } from '@/components/page-badges/JobBadge';

// State of the content UI on one page: what each badge shows (one batched `content.jobs` per scan)
// and the one open quick-note panel. Badges render from these signals. Opening a panel asks for a
// ticket for its frame (quick-note.html), which reads and adds the notes itself: the content script
// never sees a note nor what the person types. It happens on the person's click only (trusted-events.ts).

export type Send = <T extends MessageType>(type: T, payload: RequestOf<T>) => Promise<ReplyOf<T>>;

export interface PanelState {
  /** The badge (host) the panel belongs to. */
  hostId: string;
  job: PageJob;
  /** The ticket the panel's frame opens with; null while asking for it. */
  ticket: string | null;
  /** Why the panel could not open, in words. */
  problem: string | null;
  /** Bumped when the job's notes may have changed: the frame reads them again. */
  reads: number;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** "#1234" and "1234" are one number. */
const plain = (number: string) => number.replace(/^#/, '');

export function createContentModel(send: Send) {
  const byUuid = signal<ReadonlyMap<string, PageJob>>(new Map(), { name: 'content.jobsByUuid' });
  const byNumber = computed(() => new Map([...byUuid.value.values()].map((job) => [plain(job.number), job])));
  /** Numbers the background answered about (found or not), and those it could not be asked about. */
  const answered = signal<ReadonlySet<string>>(new Set(), { name: 'content.answered' });
  const failed = signal<ReadonlySet<string>>(new Set(), { name: 'content.failed' });
  const signedIn = signal(true, { name: 'content.signedIn' });
  /** Signed in, but "who are you" is not answered yet: no jobs to show until it is. */
  const whoFirst = signal(false, { name: 'content.whoFirst' });
  const panel = signal<PanelState | null>(null, { name: 'content.panel' });
  const known = { uuids: new Set<string>(), numbers: new Set<string>() };
  /** Panels asked for so far (and closes): a ticket answers only the latest. */
  let openings = 0;

  async function load(uuids: readonly string[], numbers: readonly string[]): Promise<void> {
    // The protocol caps a message at 500 of each; a page rarely has more than 50.
    for (let i = 0; i < Math.max(uuids.length, numbers.length); i += 500) {
      const batch = numbers.slice(i, i + 500);
      try {
        const reply = await send('content.jobs', { uuids: uuids.slice(i, i + 500), numbers: batch });
        const next = new Map(byUuid.value);
        for (const job of reply.jobs) next.set(job.uuid, job);
        byUuid.value = next;
        signedIn.value = reply.signedIn;
        whoFirst.value = reply.whoFirst === true;
        answered.value = new Set([...answered.value, ...batch]);
        failed.value = new Set([...failed.value].filter((n) => !batch.includes(n)));
      } catch (error) {
        failed.value = new Set([...failed.value, ...batch]);
        throw error;
      }
    }
  }

  /** What the badge of job `number` shows. */
  function badgeOf(number: string): BadgeState {
    const job = byNumber.value.get(plain(number));
    if (job) return { kind: 'job', job };
    if (failed.value.has(number)) return { kind: 'unavailable', number };
    if (!answered.value.has(number)) return { kind: 'loading', number };
    if (!signedIn.value) return { kind: 'signed-out', number };
    return { kind: whoFirst.value ? 'who-first' : 'unknown', number };
  }

  return {
    byUuid,
    byNumber,
    panel,
    badgeOf,
    /** Jobs found by a scan: asked for in one message. */
    track(uuids: readonly string[], numbers: readonly string[]): Promise<void> {
      const newUuids = uuids.filter((u) => !known.uuids.has(u));
      const newNumbers = numbers.filter((n) => !known.numbers.has(n));
      for (const u of newUuids) known.uuids.add(u);
      for (const n of newNumbers) known.numbers.add(n);
      return newUuids.length + newNumbers.length === 0 ? Promise.resolve() : load(newUuids, newNumbers);
    },
    /** Jobs changed in the cache: re-read the ones this page shows (all when `uuids` is empty), and
     * have the open panel read its notes again when its job is among them. */
    async refresh(uuids: readonly string[]): Promise<void> {
      const open = panel.value;
      if (open && (uuids.length === 0 || uuids.includes(open.job.uuid)))
        panel.value = { ...open, reads: open.reads + 1 };
      const shown =
        uuids.length === 0 ? [...known.uuids] : uuids.filter((u) => known.uuids.has(u) || byUuid.value.has(u));
      const numbers = uuids.length === 0 ? [...known.numbers] : [];
      if (shown.length + numbers.length > 0) await load(shown, numbers);
    },
    /** The person opened job `job`'s panel from badge `hostId`: a ticket for its frame. */
    async open(hostId: string, job: PageJob): Promise<void> {
      const opening: PanelState = { hostId, job, ticket: null, problem: null, reads: 0 };
      panel.value = opening;
      const attempt = ++openings;
      // The answer is this panel's while no other opening or a close came since; a re-read of its job in the
      // meantime (the live change of a note just sent) changes the state, not whose it is.
      const stillOpening = () => attempt === openings && panel.value?.hostId === hostId && panel.value.ticket === null;
      try {
        const { ticket } = await send('content.openNotes', { jobUuid: job.uuid });
        if (stillOpening()) panel.value = { ...panel.value!, ticket };
      } catch (error) {
        if (stillOpening())
          panel.value = { ...panel.value!, problem: `Notes could not be opened: ${messageOf(error)}` };
      }
    },
    /** The panel could not open (in words). */
    panelProblem(problem: string): void {
      if (panel.value) panel.value = { ...panel.value, problem };
    },
    close(): void {
      openings++;
      panel.value = null;
    },
  };
}

export type ContentModel = ReturnType<typeof createContentModel>;
