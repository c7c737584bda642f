import { M } from '../../../src/contracts/messages';
import { INT4_MAX, INT4_MIN } from '../../../src/contracts/bounds';
import { MAX_FILTER_NUMBER, type AggregationRequest, type FilterRange, type FilterValue } from '../../../src/contracts/search';
import { AppError } from '../../http/app-error';

/** Positional parameters collected while SQL is assembled; only values travel as parameters, never names. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export type FieldKind = 'int' | 'num' | 'text' | 'bool' | 'int_array' | 'time';

/** A field a request may filter, sort or aggregate on; `sql` is a fixed expression over the alias `t`. */
export type FieldDef = {
  sql: string;
  kind: FieldKind;
  /**
   * false: no terms aggregation on it. A key nearly every product has its own (sku, id, a name, a date, a
   * price) makes a bucket per product: a hash of 15,000 keys that no filter panel shows (prices use ranges).
   */
  facet?: false;
};
export type FieldMap = Readonly<Record<string, FieldDef>>;

/**
 * A field the map itself defines. A client names fields, and `__proto__`, `constructor` or `toString` must be
 * unknown fields (400), not what every object inherits.
 */
function ownEntry<T>(map: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(map, name) ? map[name] : undefined;
}

const PG_TYPE: Record<FieldKind, string> = {
  int: 'int',
  num: 'numeric',
  text: 'text',
  bool: 'boolean',
  int_array: 'int',
  time: 'timestamptz',
};

export function badField(path: string, code: string): AppError {
  return new AppError(400, M.invalidRequest, { fields: [{ path, message: M.invalidRequest }] }, code);
}

/** timestamptz accepts years 4713 BC to 294276 AD, JavaScript dates ±275,760 years: both hold years 1–9999. */
const MIN_TIME_MS = new Date('0001-01-01T00:00:00Z').getTime();
const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** An epoch-ms number or a date string as the ISO text PostgreSQL reads, or undefined when it is neither. */
function timeValue(value: string | number | boolean): string | undefined {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) && ms >= MIN_TIME_MS && ms <= MAX_TIME_MS ? new Date(ms).toISOString() : undefined;
}

/**
 * A filter value as its column's type takes it; a value the column cannot hold (a word for a number, a
 * number beyond int4, a date outside years 1–9999) is a 400 here, not a database error later.
 */
function coerce(kind: FieldKind, value: string | number | boolean, path: string): string | number | boolean {
  if (kind === 'text') return String(value);
  if (kind === 'time') {
    const time = timeValue(value);
    if (time === undefined) throw badField(path, 'SEARCH_FILTER_TYPE');
    return time;
  }
  if (kind === 'bool') {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === '1' || value === 'true') return true;
    if (value === 0 || value === '0' || value === 'false') return false;
    throw badField(path, 'SEARCH_FILTER_TYPE');
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || Math.abs(n) > MAX_FILTER_NUMBER) throw badField(path, 'SEARCH_FILTER_TYPE');
  if ((kind === 'int' || kind === 'int_array') && (!Number.isInteger(n) || n < INT4_MIN || n > INT4_MAX))
    throw badField(path, 'SEARCH_FILTER_TYPE');
  return n;
}

function isRange(value: FilterValue): value is FilterRange {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const RANGE_OPS = { gte: '>=', lte: '<=', gt: '>', lt: '<' } as const;

function rangeClause(def: FieldDef, range: FilterRange, params: SqlParams, path: string): string {
  if (def.kind === 'text' || def.kind === 'bool' || def.kind === 'int_array') throw badField(path, 'SEARCH_FILTER_RANGE');
  const parts = (Object.keys(RANGE_OPS) as (keyof typeof RANGE_OPS)[])
    .filter((op) => range[op] !== undefined)
    .map((op) => {
      const value = range[op] as number;
      // A bound an int column cannot hold (1e10, 0.5) compares as numeric: `id < 1e10` is simply true, not
      // an error; a whole int4 bound keeps the int comparison, which an index on the column can answer.
      const fitsInt = Number.isInteger(value) && value >= INT4_MIN && value <= INT4_MAX;
      const type = def.kind === 'int' && !fitsInt ? 'numeric' : PG_TYPE[def.kind];
      const bound = def.kind === 'time' ? timeValue(value) : value;
      if (bound === undefined) throw badField(path, 'SEARCH_FILTER_TYPE');
      return `${def.sql} ${RANGE_OPS[op]} ${params.add(bound)}::${type}`;
    });
  return parts.join(' and ');
}

/** `{field: value | [values] | {gte, lte, gt, lt}}` → SQL conditions; an unknown field is a 400. */
export function filterClauses(fields: FieldMap, filters: Record<string, FilterValue> | undefined, params: SqlParams): string[] {
  const clauses: string[] = [];
  for (const [name, value] of Object.entries(filters ?? {})) {
    const path = `query.filters.${name}`;
    const def = ownEntry(fields, name);
    if (!def) throw badField(path, 'SEARCH_UNKNOWN_FIELD');
    if (isRange(value)) {
      clauses.push(rangeClause(def, value, params, path));
      continue;
    }
    const values = (Array.isArray(value) ? value : [value]).map((v) => coerce(def.kind, v, path));
    const type = PG_TYPE[def.kind];
    clauses.push(
      def.kind === 'int_array' ? `${def.sql} && ${params.add(values)}::int[]` : `${def.sql} = any(${params.add(values)}::${type}[])`,
    );
  }
  return clauses;
}

/** "price:asc" or ["price:asc", "id"] → an ORDER BY list; `_score` only where the caller allows it. */
export function sortClause(
  fields: FieldMap,
  sort: string | string[] | undefined,
  extra: Readonly<Record<string, string>> = {},
): string | undefined {
  if (sort === undefined) return undefined;
  const items = Array.isArray(sort) ? sort : [sort];
  const parts = items.map((item, i) => {
    const [name = '', dir = 'asc'] = item.split(':');
    const expr = ownEntry(extra, name) ?? ownEntry(fields, name)?.sql;
    if (!expr) throw badField(`sort.${i}`, 'SEARCH_UNKNOWN_SORT');
    return `${expr} ${dir.toLowerCase() === 'desc' ? 'desc' : 'asc'} nulls last`;
  });
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * One SQL expression per aggregation, evaluated over the CTE `matched` (aliased `t`), each returning
 * `[{key, doc_count, from?, to?}]` as JSON.
 */
export function aggregationColumns(
  fields: FieldMap,
  aggs: Record<string, AggregationRequest> | undefined,
  params: SqlParams,
  defaultBuckets: number,
): { name: string; sql: string }[] {
  return Object.entries(aggs ?? {}).map(([name, agg]) => {
    const path = `aggregations.${name}`;
    if ('terms' in agg) {
      const def = ownEntry(fields, agg.terms.field);
      if (!def) throw badField(path, 'SEARCH_UNKNOWN_FIELD');
      if (def.facet === false) throw badField(path, 'SEARCH_NOT_A_FACET');
      const key = def.kind === 'int_array' ? `unnest(${def.sql})` : def.sql;
      const limit = params.add(agg.terms.size ?? defaultBuckets);
      return {
        name,
        sql: `(select coalesce(json_agg(json_build_object('key', a.k, 'doc_count', a.c) order by a.c desc, a.k), '[]'::json)
               from (select ${key} as k, count(*)::int as c from matched t where ${def.sql} is not null group by 1 order by 2 desc, 1 limit ${limit}) a)`,
      };
    }
    const def = ownEntry(fields, agg.range.field);
    if (!def || (def.kind !== 'num' && def.kind !== 'int')) throw badField(path, 'SEARCH_UNKNOWN_FIELD');
    // Every range of the aggregation counted in one pass over the matched rows (a pass per range made
    // each range as costly as a whole search).
    const counts = agg.range.ranges.map((r, i) => {
      const conds = [
        r.from !== undefined ? `${def.sql} >= ${params.add(r.from)}::numeric` : 'true',
        r.to !== undefined ? `${def.sql} < ${params.add(r.to)}::numeric` : 'true',
      ];
      return `(count(*) filter (where ${conds.join(' and ')}))::int as c${i}`;
    });
    const buckets = agg.range.ranges.map((r, i) => {
      const key = `${r.from ?? '*'}-${r.to ?? '*'}`;
      const bounds = `${r.from !== undefined ? `, 'from', ${params.add(r.from)}::numeric` : ''}${r.to !== undefined ? `, 'to', ${params.add(r.to)}::numeric` : ''}`;
      return `json_build_object('key', ${params.add(key)}::text, 'doc_count', a.c${i}${bounds})`;
    });
    return { name, sql: `(select json_build_array(${buckets.join(', ')}) from (select ${counts.join(', ')} from matched t) a)` };
  });
}
