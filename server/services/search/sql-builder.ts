import { M } from '../../../src/contracts/messages';
import type { AggregationRequest, FilterRange, FilterValue } from '../../../src/contracts/search';
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
export type FieldDef = { sql: string; kind: FieldKind };
export type FieldMap = Readonly<Record<string, FieldDef>>;

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

function coerce(kind: FieldKind, value: string | number | boolean, path: string): string | number | boolean {
  if (kind === 'text' || kind === 'time') return String(value);
  if (kind === 'bool') {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === '1' || value === 'true') return true;
    if (value === 0 || value === '0' || value === 'false') return false;
    throw badField(path, 'SEARCH_FILTER_TYPE');
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n) || ((kind === 'int' || kind === 'int_array') && !Number.isInteger(n))) throw badField(path, 'SEARCH_FILTER_TYPE');
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
      const bound = def.kind === 'time' ? new Date(Number(range[op])).toISOString() : range[op];
      return `${def.sql} ${RANGE_OPS[op]} ${params.add(bound)}::${PG_TYPE[def.kind]}`;
    });
  return parts.join(' and ');
}

/** `{field: value | [values] | {gte, lte, gt, lt}}` → SQL conditions; an unknown field is a 400. */
export function filterClauses(fields: FieldMap, filters: Record<string, FilterValue> | undefined, params: SqlParams): string[] {
  const clauses: string[] = [];
  for (const [name, value] of Object.entries(filters ?? {})) {
    const path = `query.filters.${name}`;
    const def = fields[name];
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
    const expr = extra[name] ?? fields[name]?.sql;
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
      const def = fields[agg.terms.field];
      if (!def) throw badField(path, 'SEARCH_UNKNOWN_FIELD');
      const key = def.kind === 'int_array' ? `unnest(${def.sql})` : def.sql;
      const limit = params.add(agg.terms.size ?? defaultBuckets);
      return {
        name,
        sql: `(select coalesce(json_agg(json_build_object('key', a.k, 'doc_count', a.c) order by a.c desc, a.k), '[]'::json)
               from (select ${key} as k, count(*)::int as c from matched t where ${def.sql} is not null group by 1 order by 2 desc, 1 limit ${limit}) a)`,
      };
    }
    const def = fields[agg.range.field];
    if (!def || (def.kind !== 'num' && def.kind !== 'int')) throw badField(path, 'SEARCH_UNKNOWN_FIELD');
    const buckets = agg.range.ranges.map((r) => {
      const conds = [
        r.from !== undefined ? `${def.sql} >= ${params.add(r.from)}::numeric` : 'true',
        r.to !== undefined ? `${def.sql} < ${params.add(r.to)}::numeric` : 'true',
      ];
      const key = `${r.from ?? '*'}-${r.to ?? '*'}`;
      const bounds = `${r.from !== undefined ? `, 'from', ${params.add(r.from)}::numeric` : ''}${r.to !== undefined ? `, 'to', ${params.add(r.to)}::numeric` : ''}`;
      return `json_build_object('key', ${params.add(key)}::text, 'doc_count', (select count(*)::int from matched t where ${conds.join(' and ')})${bounds})`;
    });
    return { name, sql: `json_build_array(${buckets.join(', ')})` };
  });
}
