import type { Queryable } from '../../db/client';

export type Expansion = { word: string; similarity: number };
export type ResolvedTerm = { term: string; expansions: Expansion[]; categoryIds: number[] };
export type ResolvedText = { terms: ResolvedTerm[]; exactSkus: string[] };

/** "Fuzziness auto" (Elasticsearch): words of 1–2 characters must match exactly. */
export const FUZZY_MIN_LENGTH = 3;
/** Like Elasticsearch's max_expansions, but smaller: more near-words only add noise to the result. */
const MAX_EXPANSIONS = 10;

type Row = { terms: { term: string; expansions: Expansion[] | null; category_ids: number[] | null }[] | null; exact: string[] | null };

/**
 * One round trip before the main query: the near spellings of each word (trigram similarity over the
 * vocabulary, at most one edit for words up to 5 letters and two for longer ones, like "fuzziness auto"),
 * the categories whose name has a word starting with it, and the product an exact sku or barcode names.
 */
export async function resolveTerms(q: Queryable, terms: readonly string[], rawText: string): Promise<ResolvedText> {
  const sql = `select
    (select json_agg(json_build_object('term', u.term, 'expansions', (
        select json_agg(json_build_object('word', e.word, 'similarity', e.sim) order by e.sim desc, e.word)
        from (select w.word, similarity(w.word, u.term) as sim
              from search_words w
              where length(u.term) >= ${FUZZY_MIN_LENGTH}
                and w.word % u.term
                and w.word <> u.term
                and abs(length(w.word) - length(u.term)) <= case when length(u.term) <= 5 then 1 else 2 end
              order by sim desc, w.word
              limit ${MAX_EXPANSIONS}) e),
        'category_ids', (select array_agg(c.id order by c.id) from categories c where c.search_tsv @@ to_tsquery('simple', u.term || ':*'))
      ) order by u.ord)
     from unnest($1::text[]) with ordinality as u(term, ord)) as terms,
    (select array_agg(distinct coalesce(case when e.visibility = 1 then e.parent_sku end, e.sku))
     from products e where lower(e.sku) = lower($2) or e.barcode = $2) as exact`;
  const [row] = await q.query<Row>(sql, [terms, rawText]);
  return {
    terms: (row?.terms ?? []).map((t) => ({ term: t.term, expansions: t.expansions ?? [], categoryIds: t.category_ids ?? [] })),
    exactSkus: row?.exact ?? [],
  };
}
