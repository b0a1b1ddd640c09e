/** Cursor pagination shared by the list queries: `after` is the id of the last item already seen. */

/** One page of a list, newest first unless the query says otherwise. */
export interface Page<T> {
  data: T[];
  /** True when more items follow the last one of `data`. */
  hasMore: boolean;
}

/** What a list query accepts. `limit` is 1 or more; `after` an id returned by an earlier page. */
export interface PageQuery {
  limit: number;
  after?: string;
  order?: 'asc' | 'desc';
}

/** Validates `query.limit` (integer >= 1); repositories call it before building SQL. */
export function checkPageQuery(query: PageQuery): void {
  if (!Number.isInteger(query.limit) || query.limit < 1) throw new RangeError('limit must be an integer >= 1');
}

/** Turns `limit + 1` fetched rows into a page: the extra row only tells whether more follow. */
export function toPage<Row, T>(rows: Row[], limit: number, map: (row: Row) => T): Page<T> {
  return { data: rows.slice(0, limit).map(map), hasMore: rows.length > limit };
}
