import { signal, type Signal } from '@preact/signals';
import { canUse, canUseInPart } from '@/lib/auth/scopes';
import { shiftDate } from '@/lib/locale/days';
import { sendMessage } from '@/lib/messaging/send';
import { toWireError } from '@/lib/messaging/errors';
import type { DayView } from '@/lib/messaging/views';
import type { SessionView } from '@/lib/messaging/session-view';
import type { WireError } from '@/lib/messaging/protocol';

// The side panel's "My day": which date is shown (today, in the account's time zone, unless the person stepped to
// another), the day read for it, and whether the session may read a day at all. Only the latest read is shown.

export function createDayState({
  session,
  error,
  answered,
}: {
  session: Signal<SessionView | null>;
  error: Signal<WireError | null>;
  /** Each answer shown, kept (`offline`) or fresh: the panel reads a kept one again by itself (model.ts). */
  answered: (kept: boolean) => void;
}) {
  const date = signal<string | null>(null, { name: 'date' }); // null: today (account time)
  const day = signal<DayView | null>(null, { name: 'day' });
  /** Today's date in the account's time zone, as the last answer for "today" said. */
  const today = signal<string | null>(null, { name: 'today' });
  const dayLoading = signal(false, { name: 'dayLoading' });

  /** The day can be shown (its schedule may be read); whole: every detail of it may be read too. */
  const hasMyDay = () => {
    const s = session.value;
    // Not before "who are you": whose day would it be?
    return s?.state === 'signed_in' && (s.mode === 'api_key' || (s.me !== null && canUseInPart('myDay', s.scopes)));
  };
  const hasWholeDay = () => {
    const s = session.value;
    return s?.state === 'signed_in' && (s.mode === 'api_key' || (s.me !== null && canUse('myDay', s.scopes)));
  };

  let dayTicket = 0;
  async function loadDay(): Promise<void> {
    if (!hasMyDay()) return;
    const ticket = ++dayTicket;
    dayLoading.value = true;
    try {
      const answer = await sendMessage('day.get', { date: date.value });
      if (ticket === dayTicket) {
        day.value = answer;
        answered(answer.offline);
        if (date.value === null) today.value = answer.date;
        error.value = null;
      }
    } catch (e) {
      if (ticket === dayTicket) error.value = toWireError(e);
    } finally {
      if (ticket === dayTicket) dayLoading.value = false;
    }
  }

  function setDate(next: string | null): void {
    date.value = next;
    void loadDay();
  }

  return {
    date,
    day,
    dayLoading,
    /** Today in the account's time zone, as the last answer for today said. */
    today,
    hasMyDay,
    hasWholeDay,
    /** The day shown is today. */
    isToday: () => day.value !== null && day.value.date === today.value,
    loadDay,
    setDate,
    step(days: number): void {
      const base = date.value ?? day.value?.date;
      if (base) setDate(shiftDate(base, days));
    },
  };
}
