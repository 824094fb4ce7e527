// The quick search over an opened cache: its reader, the typeahead over its index, and the rows each
// query gets. Loaded on its own (search-model.ts imports it dynamically while it reads the session),
// so the popup paints the first screen it kept before the search's code has loaded or run.
import { afterPaint, openCacheReader, type CacheReader } from '../cache/reader/cache-reader';
import { createTypeahead } from '../search/query/typeahead';
import {
  FIRST_SCREEN_ROWS,
  firstScreenFromIndex,
  firstScreenFromPreview,
  firstScreenFromRecords,
} from '../cache/first-screen/first-screen';
import { saveFirstScreen, type FirstScreen } from '../cache/first-screen/kept-screen';
import { rowOf, type QuickRow } from '../cache/first-screen/rows';
import { countWords, hasFilters, queryWords } from './query-words';
import { filteredRows } from './filtered-rows';
import type { KeptForCache } from '../cache/first-screen/kept-screen';
import { customerRowOf, type CustomerRow } from './customer-rows';
import { looksLikePhone } from '../locale/phone-like';
import { jobNumberOf } from './result-order';
import { jobsOf, searchCustomers } from '../search/customers/query';
import type { SerializedCustomerIndex } from '../search/customers/types';
import { jobsFilter } from '../search/query/filters';

export { afterPaint };

export interface Answer {
  rows: QuickRow[];
  heading: string;
  /** Customers found (above the jobs); none without a query or with filters. */
  customers?: CustomerRow[];
  /** The query is a job's number: that job first, the customers after the jobs. */
  jobsFirst?: boolean;
}

export interface CacheSearch {
  /** Live jobs in the cache. */
  jobCount: number;
  synced: CacheReader['synced'];
  /** The rows for `query` (trimmed; '' for today's or recent jobs) on the account's `day`. */
  answer(query: string, day: string, known: KeptForCache): Promise<Answer>;
  /** A customer's jobs (a customer row opened): open ones first, then the newest. */
  customerJobs(customer: CustomerRow): Answer;
  close(): void;
}

const NOT_YET = 'Search is ready once the first sync has finished';
/** After a first full sync, until the background has built the customer list (seconds at 100,000 jobs). */
export const CUSTOMERS_PREPARING = 'customers still loading';
const CUSTOMERS_WATCH_MS = 1000;
/** A customer's jobs shown at once: a long-standing customer's whole history is the web app's. */
const CUSTOMER_JOB_ROWS = 50;

/** "2 customers · 3 jobs" (or "3 jobs · 2 customers" when the jobs come first), "1 customer", or the
 * jobs' own heading. */
function withCustomers(customers: number, jobs: number, jobsFirst = false): string {
  if (customers === 0) return countWords(jobs);
  const who = customers === 1 ? '1 customer' : `${customers} customers`;
  if (jobs === 0) return who;
  return jobsFirst ? `${countWords(jobs)} · ${who}` : `${who} · ${countWords(jobs)}`;
}

/** The job numbered `number` moved to the front, or null when none of `rows` has that number. */
function numberFirst(rows: QuickRow[], number: string): QuickRow[] | null {
  const at = rows.findIndex((row) => row.number === number);
  if (at < 0) return null;
  return [rows[at]!, ...rows.slice(0, at), ...rows.slice(at + 1)];
}

/** Reads the cache `db` (named `cacheName`). `onPreview` gets the first screen stored with the index
 * before its main segment is read; when it shows it (returns true), that segment is read after the paint.
 * `onCustomers` is called when the customers the background was still building have been read. */
export async function openCacheSearch(
  db: IDBDatabase,
  cacheName: string,
  onPreview?: (first: FirstScreen) => boolean,
  onCustomers?: () => void,
): Promise<CacheSearch> {
  const reader = await openCacheReader(db, onPreview && ((preview) => onPreview(firstScreenFromPreview(preview))));
  const typeahead = reader.index ? createTypeahead(reader.index) : null;
  // Read after the job index, while the first rows are on screen. While the background still builds them
  // after a full sync, its mark is watched, and `onCustomers` hears when the new ones are read.
  let loadedCustomers: SerializedCustomerIndex | null = null;
  let preparing = false;
  let watch: ReturnType<typeof setInterval> | undefined;
  const readCustomers = () =>
    reader.customers().then((read) => {
      loadedCustomers = read.index;
      preparing = read.preparing;
    });
  const customersRead = readCustomers()
    .then(() => {
      if (preparing) watch = setInterval(() => void checkCustomers(), CUSTOMERS_WATCH_MS);
    })
    .catch(() => undefined); // a cache closed meanwhile (a sync re-opens it): no customers, the jobs still answer
  let checking = false;
  async function checkCustomers(): Promise<void> {
    if (checking) return;
    checking = true;
    try {
      if (await reader.customersPreparing()) return;
      clearInterval(watch);
      await readCustomers();
      onCustomers?.();
    } catch {
      clearInterval(watch); // the cache was closed: the popup re-opens it, and watches again
    } finally {
      checking = false;
    }
  }

  // libphonenumber-js is loaded once a query looks like a phone number, not with the popup.
  let phoneCode: Promise<typeof import('../locale/phone-key')> | null = null;

  async function findCustomers(customers: SerializedCustomerIndex, query: string): Promise<CustomerRow[]> {
    const phoneKey = looksLikePhone(query)
      ? (await (phoneCode ??= import('../locale/phone-key'))).typedPhoneKey(query, customers.region)
      : null;
    return searchCustomers(customers, { text: query, phoneKey }).map((hit) => customerRowOf(customers, hit, query));
  }

  // A caller's jobs, kept while the same customer is found keystroke after keystroke.
  let lastJobs: { key: string; answer: Answer } | null = null;

  function customerJobs(customer: CustomerRow): Answer {
    if (lastJobs?.key === customer.key) return lastJobs.answer;
    const answer = jobsOfCustomer(customer);
    lastJobs = { key: customer.key, answer };
    return answer;
  }

  function jobsOfCustomer(customer: CustomerRow): Answer {
    const uuids = loadedCustomers ? jobsOf(loadedCustomers, customer.entry) : [];
    const accept = reader.index && uuids.length > 0 ? jobsFilter(reader.index, uuids) : null;
    const rows = accept ? reader.browse({ limit: CUSTOMER_JOB_ROWS, accept }).map(rowOf) : [];
    const heading =
      rows.length === 0
        ? `${customer.name}: no jobs`
        : `${customer.name}: ${countWords(rows.length, CUSTOMER_JOB_ROWS).toLowerCase()}, open first`;
    return { rows, heading };
  }

  return {
    jobCount: reader.jobCount,
    synced: reader.synced,
    async answer(query, day, known) {
      const words = queryWords(query);
      if (hasFilters(words)) {
        if (!reader.index || !typeahead) return { rows: [], heading: NOT_YET };
        return filteredRows(reader, typeahead, words, { day, ...known }, FIRST_SCREEN_ROWS);
      }
      if (!query) {
        const today = known.todayJobs?.day === day ? known.todayJobs.jobs : null;
        const first = reader.index
          ? firstScreenFromIndex(reader, day, FIRST_SCREEN_ROWS, today)
          : await firstScreenFromRecords(reader, day, FIRST_SCREEN_ROWS);
        void saveFirstScreen(cacheName, first, known.timeZone);
        return first;
      }
      if (!typeahead) return { rows: [], heading: NOT_YET };
      await customersRead;
      const index = loadedCustomers;
      const customers = index ? await findCustomers(index, query) : [];
      // The index's display fields are the rows: a keystroke never waits on IndexedDB.
      const found = typeahead.search(query, { limit: FIRST_SCREEN_ROWS }).map(rowOf);
      // A job's number: that job first, whoever else has the digits in a phone number after it.
      const number = jobNumberOf(query);
      const byNumber = number === null ? null : numberFirst(found, number);
      if (byNumber) {
        const heading = withCustomers(customers.length, byNumber.length, true);
        return { rows: byNumber, heading, customers, jobsFirst: true };
      }
      // A number that is a customer's and no job's: the caller's jobs, open first.
      if (customers.length > 0 && customers[0]!.matched === 'phone') {
        return { ...customerJobs(customers[0]!), customers };
      }
      // Until the first customer list is ready, nothing claims a caller is nobody's customer.
      const heading = withCustomers(customers.length, found.length);
      return { rows: found, heading: !index && preparing ? `${heading} · ${CUSTOMERS_PREPARING}` : heading, customers };
    },
    customerJobs,
    close: () => {
      clearInterval(watch);
      reader.close();
    },
  };
}
