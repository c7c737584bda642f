import { DEFAULT_TERMS_BUCKETS, type SearchEntity, type SearchResult } from '../../../src/contracts/search';
import type { Queryable } from '../../db/client';
import { ENTITIES } from './entities';
import type { NormalizedSearch } from './normalize';
import { runSearch } from './run-query';
import { aggregationColumns, filterClauses, sortClause, SqlParams } from './sql-builder';

/**
 * Categories, attributes, tax rules, CMS pages/blocks/hierarchy and suppliers: small tables, so the text
 * term is a folded substring match per word (with the same 75 % minimum match) and filters do the rest.
 */
export async function searchEntity(q: Queryable, entity: Exclude<SearchEntity, 'product'>, n: NormalizedSearch): Promise<SearchResult> {
  const def = ENTITIES[entity];
  const params = new SqlParams();
  const where = filterClauses(def.fields, n.request.query?.filters, params);
  let score = 'null::float8';
  if (n.terms.length > 0) {
    const hits = n.terms.map((term) => `(case when ${def.text} like ${params.add(`%${term}%`)} then 1 else 0 end)`).join(' + ');
    score = `(${hits})::float8`;
    where.push(`${score} >= ${params.add(n.minMatch)}`);
  }
  const ctes = `with matched as (select t.*, ${score} as score from ${def.source} t where ${where.length > 0 ? where.join(' and ') : 'true'})`;
  const requested = sortClause(def.fields, n.request.sort, n.terms.length > 0 ? { _score: 't.score' } : {});
  const fallback = n.terms.length > 0 ? `t.score desc, ${def.defaultSort}` : def.defaultSort;
  const order = requested ? `${requested}, ${fallback}` : fallback;
  const aggregations = aggregationColumns(def.fields, n.request.aggregations, params, DEFAULT_TERMS_BUCKETS);
  return runSearch(q, n, { ctes, order, aggregations, attributeCodes: [], params, withScore: false });
}
