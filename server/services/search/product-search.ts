import { DEFAULT_TERMS_BUCKETS, type SearchResult } from '../../../src/contracts/search';
import type { Queryable } from '../../db/client';
import { LISTABLE, PRODUCT_COLUMNS, PRODUCT_DOCUMENT, PRODUCT_FIELDS } from './entities';
import type { NormalizedSearch } from './normalize';
import { resolveTerms, type ResolvedTerm, type ResolvedText } from './resolve-terms';
import { runSearch } from './run-query';
import { aggregationColumns, filterClauses, sortClause, SqlParams } from './sql-builder';

/**
 * docs/product-rules.md §9 weights. A query term scores the best of: a whole word of the name (5, "name without
 * edge-grams"), a word prefix of the name (3, the edge-gram field), a near spelling of a name word
 * (3 × trigram similarity, "fuzziness auto"), a piece of the sku (2), a word of one of its categories (1).
 */
export const BOOST = { wholeWord: 5, prefix: 3, fuzzy: 3, sku: 2, category: 1 } as const;
/** docs/product-rules.md §9 minimum score, on the normalised scale below (1 = every term matched a whole word). */
export const MIN_SCORE = 0.02;
/** An exact sku or barcode is a lookup, not a text match: it always comes first. */
const EXACT_BONUS = 10;
/** How much a name made only of the searched words gains over a longer name with the same words. */
const COVERAGE_WEIGHT = 0.2;
const SKU_MIN_LENGTH = 3;

/** A tsquery literal of whole lexemes (no parsing, so a word is looked up exactly as stored). */
export function lexemeQuery(words: readonly string[]): string {
  return words.map((w) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}

/** The points one term gives a row: fixed SQL, every term-specific value is a parameter. */
function termPoints(term: ResolvedTerm, params: SqlParams): string {
  const cases = [
    `case when t.search_tsv @@ to_tsquery('simple', ${params.add(term.term)}) then ${BOOST.wholeWord} else 0 end`,
    `case when t.search_tsv @@ to_tsquery('simple', ${params.add(`${term.term}:*`)}) then ${BOOST.prefix} else 0 end`,
  ];
  if (term.expansions.length > 0) {
    const best = Math.max(...term.expansions.map((e) => e.similarity));
    cases.push(
      `case when t.search_tsv @@ ${params.add(lexemeQuery(term.expansions.map((e) => e.word)))}::tsquery then ${params.add(BOOST.fuzzy * best)}::float8 else 0 end`,
    );
  }
  if (term.term.length >= SKU_MIN_LENGTH)
    cases.push(`case when lower(t.sku) like ${params.add(`%${term.term}%`)} then ${BOOST.sku} else 0 end`);
  if (term.categoryIds.length > 0)
    cases.push(`case when t.category_ids && ${params.add(term.categoryIds)}::int[] then ${BOOST.category} else 0 end`);
  return `greatest(${cases.join(', ')})::float8`;
}

/**
 * Rows that can score at all, as one OR whose every arm an index answers (name words and prefixes and
 * near spellings in one tsquery on the GIN index, sku pieces on the trigram index, category words on
 * the category GIN index, exact codes on the primary key): PostgreSQL combines them in a BitmapOr and
 * reads each candidate once.
 */
function candidateCondition(resolved: ResolvedText, params: SqlParams): string {
  const words = resolved.terms.flatMap((t) => t.expansions.map((e) => e.word));
  const prefixes = resolved.terms.map((t) => `${t.term}:*`).join(' | ');
  const names =
    words.length > 0
      ? `(to_tsquery('simple', ${params.add(prefixes)}) || ${params.add(lexemeQuery(words))}::tsquery)`
      : `to_tsquery('simple', ${params.add(prefixes)})`;
  const arms = [`t.search_tsv @@ ${names}`];
  if (resolved.exactSkus.length > 0) arms.push(`t.sku = any(${params.add(resolved.exactSkus)}::text[])`);
  for (const t of resolved.terms.filter((x) => x.term.length >= SKU_MIN_LENGTH))
    arms.push(`lower(t.sku) like ${params.add(`%${t.term}%`)}`);
  const categoryIds = [...new Set(resolved.terms.flatMap((t) => t.categoryIds))];
  if (categoryIds.length > 0) arms.push(`t.category_ids && ${params.add(categoryIds)}::int[]`);
  return `(${arms.join(' or ')})`;
}

/**
 * Candidates are scored once each (`offset 0` keeps the per-term points from being inlined, and so
 * computed again, in every expression that uses them); only then are the minimum match and score applied.
 */
function textCtes(n: NormalizedSearch, resolved: ResolvedText, params: SqlParams, where: string[]): string {
  const points = resolved.terms.map((term, i) => `${termPoints(term, params)} as p${i}`);
  const whole = resolved.terms.map((term) => `(t.search_tsv @@ to_tsquery('simple', ${params.add(term.term)}))::int`);
  const sum = resolved.terms.map((_, i) => `s.p${i}`).join(' + ');
  const hits = resolved.terms.map((_, i) => `(s.p${i} > 0)::int`).join(' + ');
  const exact = resolved.exactSkus.length > 0 ? `s.sku = any(${params.add(resolved.exactSkus)}::text[])` : 'false';
  return `with matched as (
    select r.* from (
      select s.*, (${sum}) / ${BOOST.wholeWord * resolved.terms.length}.0
          + ${COVERAGE_WEIGHT} * least(1, s.whole::float8 / greatest(s.search_word_count, 1))
          + case when ${exact} then ${EXACT_BONUS} else 0 end as score,
        (${hits}) as hits, ${exact} as is_exact
      from (
        select ${PRODUCT_COLUMNS}, ${points.join(', ')}, (${whole.join(' + ')}) as whole
        from products t
        where ${candidateCondition(resolved, params)} and ${where.join(' and ')}
        offset 0) s) r
    where (r.hits >= ${params.add(n.minMatch)} and r.score >= ${params.add(MIN_SCORE)}) or r.is_exact)`;
}

export async function searchProducts(q: Queryable, n: NormalizedSearch): Promise<SearchResult> {
  const params = new SqlParams();
  const where = [LISTABLE, ...filterClauses(PRODUCT_FIELDS, n.request.query?.filters, params)];
  const hasText = n.terms.length > 0;
  const ctes = hasText
    ? textCtes(n, await resolveTerms(q, n.terms, n.rawText), params, where)
    : `with matched as (select ${PRODUCT_COLUMNS}, null::float8 as score from products t where ${where.join(' and ')})`;
  const requested = sortClause(PRODUCT_FIELDS, n.request.sort, { _score: 't.score' });
  // docs/product-rules.md §9: default sort is name_az ascending; with a text term, relevance first.
  const fallback = hasText ? 't.score desc, length(t.name) asc, t.sku asc' : 't.search_name_az asc, t.sku asc';
  const order = requested ? `${requested}, ${fallback}` : fallback;
  const aggregations = aggregationColumns(PRODUCT_FIELDS, n.request.aggregations, params, DEFAULT_TERMS_BUCKETS);
  const attributeCodes = Object.values(n.request.aggregations ?? {})
    .map((a) => ('terms' in a ? a.terms.field : a.range.field))
    .filter((field) => field === 'manufacturer' || field === 'measurement_unit');
  return runSearch(q, n, { ctes, order, aggregations, attributeCodes, params, withScore: hasText, document: PRODUCT_DOCUMENT });
}
