// Search results as the popup lists them: the job's own fields (original text, never the folded
// index text: the index's display fields, or a job record while there is no index yet) and, per
// shown field, the matched ranges lib/search reported.
import type { Job } from '../../api/schemas';
import type { SearchResult } from '../../search/format/types';
import { descriptionLine } from '../../search/build/description-line';
import type { QuickRow, ShownField } from '../../settings/kept-first-screen';

export type { QuickRow, ShownField };

/** The matched ranges per shown field; a description's are offsets into its original, of which the
 * row's line is a prefix, so they hold for it (ranges past its end are cut by markPieces, mark-pieces.ts). */
function marksOf(result: SearchResult | undefined): QuickRow['marks'] {
  const marks: QuickRow['marks'] = {};
  for (const match of result?.matches ?? []) marks[match.field === 'description' ? 'line' : match.field] = match.ranges;
  return marks;
}

/** A row straight from a search (or browse) result: its display fields, no record read. */
export function rowOf(result: SearchResult): QuickRow {
  const { number, status, customer, address, line, day } = result.display;
  return { uuid: result.uuid, number, status, customer, address, line, day, marks: marksOf(result) };
}

/** A row from a cached job record (only while the first sync has stored no index yet). */
export function toRow(job: Job, names: ReadonlyMap<string, string>, result?: SearchResult): QuickRow {
  const marks = marksOf(result);
  return {
    uuid: job.uuid,
    number: job.generated_job_id,
    status: job.status,
    customer: job.company_uuid === null ? '' : (names.get(job.company_uuid) ?? ''),
    address: job.job_address,
    line: descriptionLine(job.job_description),
    day: job.date && !job.date.startsWith('0000') ? job.date.slice(0, 10) : '',
    marks,
  };
}
