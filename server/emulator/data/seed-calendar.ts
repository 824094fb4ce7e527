// The working calendar of seeded visits: which days the business works, and the visit slots of a working day.

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** Visits start in one of four slots a day. A slot's visit ends at most two hours after the slot starts, and
 * slots are two and a half hours apart: at least 30 minutes of travel between one visit's end and the next
 * start, the first start at 07:00 and the last end by 16:30, inside the vendor's 07:00-17:00 weekday hours. */
export const SLOT_STARTS = [7 * HOUR, 9.5 * HOUR, 12 * HOUR, 14.5 * HOUR] as const;
export const SLOTS_PER_DAY = SLOT_STARTS.length;
/** The longest a visit may run past its slot's start (start offset plus duration). */
export const SLOT_SPAN = 2 * HOUR;
/** The least time between a visit's end and the next visit's start of the same person. */
export const TRAVEL_GAP = SLOT_STARTS[1] - SLOT_STARTS[0] - SLOT_SPAN;

/** Day number (days since the epoch) of a naive (wall-clock-as-UTC) time. */
export const dayOf = (naiveMs: number) => Math.floor(naiveMs / DAY);

/** Monday to Friday. 1970-01-01 was a Thursday. */
export const isWeekday = (day: number) => {
  const weekday = (((day + 4) % 7) + 7) % 7; // 0 = Sunday
  return weekday >= 1 && weekday <= 5;
};

/** Today is always a working day, whatever day of the week the emulator starts: "my day" always has visits. */
export const isWorkingDay = (day: number, today: number) => day === today || isWeekday(day);

/** Day numbers of the `count` working days up to and including today, newest first (index 0 is today). */
export function workingDaysBack(today: number, count: number): Int32Array {
  const days = new Int32Array(count);
  let day = today;
  for (let k = 0; k < count; k++, day--) {
    while (!isWorkingDay(day, today)) day--;
    days[k] = day;
  }
  return days;
}

/**
 * Free visit cells per day between `first` and `last`: `capacity(day)` cells a day, taken in order. `take` finds
 * the nearest day with a free cell after (or, if none up to `latest`, before) the wanted day, skipping full days
 * through union-find pointers, so placing every visit of 200,000 jobs stays linear.
 */
export function createDayPool(first: number, last: number, capacity: (day: number) => number) {
  const size = last - first + 1;
  const used = new Int32Array(size);
  const cap = new Int32Array(size);
  for (let i = 0; i < size; i++) cap[i] = capacity(first + i);
  // next[i]: a day at or after i that may have room (size = none); prev[i] likewise backwards (-1 = none).
  const next = Int32Array.from({ length: size + 1 }, (_, i) => i);
  const prev = Int32Array.from({ length: size }, (_, i) => i);
  const findNext = (i: number): number => {
    while (i < size && (used[i] as number) >= (cap[i] as number)) {
      next[i] = next[i + 1] as number;
      i = next[i] as number;
    }
    return i;
  };
  const findPrev = (i: number): number => {
    while (i >= 0 && (used[i] as number) >= (cap[i] as number)) {
      const before = i - 1 >= 0 ? (prev[i - 1] as number) : -1;
      prev[i] = before;
      i = before;
    }
    return i;
  };
  return {
    /** A cell on the first day with room in [wanted, latest], else the last day with room before wanted. */
    take(wanted: number, latest: number): { day: number; cell: number } {
      const from = Math.max(0, Math.min(size - 1, wanted - first));
      let i = findNext(from);
      if (i >= size || i > latest - first) i = findPrev(Math.min(from, latest - first + 1) - 1);
      if (i < 0) i = findNext(0);
      if (i >= size) throw new Error('The seeded calendar is full: too many visits for its working days');
      const cell = used[i] as number;
      used[i] = cell + 1;
      return { day: first + i, cell };
    },
    /** Reserves `count` cells of a day (today's visits, placed first). */
    reserve(day: number, count: number): void {
      used[day - first] = Math.min(cap[day - first] as number, (used[day - first] as number) + count);
    },
  };
}
