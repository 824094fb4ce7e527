// What a person types in the search box, apart from the words searched: a few filters people know
// from other tools. "status:quote" (or status:"work order", a prefix of the status), "mine" (the
// person's own jobs: given to them, or with a visit of theirs) and "today" (today's jobs, as the side
// panel and the toolbar badge count them). Everything else is searched as before.
import type { MyJobs, TodayJobs } from '../settings/kept-first-screen';
import type { SearchIndex } from '../search/format/index-state';
import { allOf, dayFilter, jobsFilter, statusFilter, type DocFilter } from '../search/query/filters';

export interface QueryWords {
  /** The words searched ('' when the query is filters only). */
  text: string;
  /** A prefix of the status, or null. */
  status: string | null;
  mine: boolean;
  today: boolean;
}

const STATUS = /(^|\s)status:(?:"([^"]*)"?|(\S*))/i;

export function queryWords(query: string): QueryWords {
  let rest = query;
  let status: string | null = null;
  const found = STATUS.exec(rest);
  if (found) {
    const value = (found[2] ?? found[3] ?? '').trim();
    status = value === '' ? null : value;
    rest = `${rest.slice(0, found.index)} ${rest.slice(found.index + found[0].length)}`;
  }
  let mine = false;
  let today = false;
  const words = rest.split(/\s+/).filter((word) => {
    const w = word.toLowerCase();
    if (w === 'mine') return !(mine = true);
    if (w === 'today') return !(today = true);
    return word !== '';
  });
  return { text: words.join(' '), status, mine, today };
}

/** The filters in words, for the heading above the rows: "status Quote · mine · today". */
export function filterWords(words: QueryWords): string {
  return [words.status && `status ${words.status}`, words.mine && 'mine', words.today && 'today']
    .filter(Boolean)
    .join(' · ');
}

export const hasFilters = (words: QueryWords): boolean => words.status !== null || words.mine || words.today;

/** The jobs the filters let through: today's as the background read the day (else those dated `day`),
 * the person's own, of a status. */
export function filtersOf(
  index: SearchIndex,
  words: QueryWords,
  known: { day: string; todayJobs: TodayJobs | null; myJobs: MyJobs | null },
): DocFilter | undefined {
  const filters: DocFilter[] = [];
  if (words.status) filters.push(statusFilter(index, words.status));
  if (words.mine) filters.push(jobsFilter(index, Object.keys(known.myJobs?.jobs ?? {})));
  if (words.today) {
    const listed = known.todayJobs?.day === known.day ? known.todayJobs.jobs : null;
    filters.push(listed ? jobsFilter(index, listed) : dayFilter(index, known.day));
  }
  return allOf(filters);
}

/** "7 jobs", "Top 20 jobs", "No job matches". */
export function countWords(n: number, limit = 20): string {
  if (n === 0) return 'No job matches';
  return n === limit ? `Top ${limit} jobs` : `${n} ${n === 1 ? 'job' : 'jobs'}`;
}
