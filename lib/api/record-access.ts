// Reading and writing one record type of the platform over http.ts: its pages (a cursor walk), all of it, one record
// by uuid, an update, a delete. The client's operations are built on these.
import { ApiError } from './errors';
import { encodeQuery, filterToString, type Filter } from './filter';
import { parseJsonBody, type HttpClient } from './http';
import { collect, paginate, type PageIterator } from './paginate';
import type { FieldTable, RecordOf, RecordSchema } from './record-schema';
import { toUuid, type Uuid } from '../../contracts/uuid';

export const API = 'api_1.0';

export interface PageOptions {
  /** Resume from a saved cursor (a page's `cursor` or `nextCursor`); default the first page. */
  cursor?: string;
  filter?: Filter;
  signal?: AbortSignal;
  /** Send for the next page as soon as a page has arrived, before it is parsed (a long walk such
   * as a full sync); one request more when the walk is left early. */
  readAhead?: boolean;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** The uuid the platform answered a create with (its `x-record-uuid` header, in the platform's spelling), or the
 * one sent when it names none. */
export function answeredUuid(answer: Pick<Response, 'headers'>, sent: Uuid): Uuid {
  const header = answer.headers.get('x-record-uuid');
  return header === null ? sent : toUuid(header);
}

export function createRecordAccess(http: HttpClient) {
  function pages<T extends FieldTable>(
    type: string,
    record: RecordSchema<T>,
    opts: PageOptions = {},
  ): PageIterator<RecordOf<T>> {
    const filter = opts.filter === undefined ? undefined : filterToString(opts.filter);
    return paginate({
      label: `GET /${API}/${type}.json`,
      parse: record.parse,
      ...(opts.cursor === undefined ? {} : { cursor: opts.cursor }),
      ...(opts.signal === undefined ? {} : { signal: opts.signal }),
      ...(opts.readAhead === undefined ? {} : { readAhead: opts.readAhead }),
      fetchPage: async (cursor, signal, onSent) => {
        const query = encodeQuery({ cursor, $filter: filter });
        const spec = {
          method: 'GET',
          path: `${API}/${type}.json?${query}`,
          ...(signal ? { signal } : {}),
          ...(onSent ? { onSent } : {}),
        } as const;
        const answer = await http.sendText(spec);
        // Parsed by the walk, after it has sent for the next page.
        return {
          read: () => parseJsonBody(answer.text, `GET /${API}/${type}.json`, answer.status),
          nextCursor: answer.headers.get('x-next-cursor'),
        };
      },
    });
  }

  const all = <T extends FieldTable>(type: string, record: RecordSchema<T>, opts: PageOptions = {}) =>
    collect(pages(type, record, opts));

  async function getOne<T extends FieldTable>(
    type: string,
    record: RecordSchema<T>,
    uuid: string,
    opts: CallOptions = {},
  ) {
    const label = `GET /${API}/${type}/${uuid}.json`;
    const answer = await http.send({ method: 'GET', path: `${API}/${type}/${encodeURIComponent(uuid)}.json`, ...opts });
    const parsed = record.parse(answer.body);
    if (!parsed.ok)
      throw new ApiError('ValidationError', `${label}: ${parsed.skipped.reason}`, { status: 200, request: label });
    return parsed.value;
  }

  /** POST to a record: the platform's update (set fields). Idempotent, so retried like a GET. */
  async function update(type: string, uuid: string, fields: Record<string, unknown>, opts: CallOptions = {}) {
    await http.send({ method: 'POST', path: `${API}/${type}/${encodeURIComponent(uuid)}.json`, json: fields, ...opts });
  }

  /** DELETE of a record: the platform sets `active` to 0. Idempotent, so retried like a GET. */
  async function remove(type: string, uuid: string, opts: CallOptions = {}) {
    await http.send({ method: 'DELETE', path: `${API}/${type}/${encodeURIComponent(uuid)}.json`, ...opts });
  }

  return { pages, all, getOne, update, remove };
}

export type RecordAccess = ReturnType<typeof createRecordAccess>;
