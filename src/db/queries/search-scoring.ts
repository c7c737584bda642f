/**
 * The offline search's scoring, shared by the text index and the sku codes beside it: MiniSearch 7's BM25+ and its
 * weight for a term found by its beginning (docs/decisions/036-compact-search-index.md).
 */

const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;
/** MiniSearch's weight of a prefix match at no extra letter; it falls as the found term grows. */
const PREFIX_WEIGHT = 0.375;

/** How rare a term is among `documents`, of which `matching` have it. */
export function inverseDocumentFrequency(documents: number, matching: number): number {
  return Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
}

/** BM25+ of a term `frequency` times in a field of `length` distinct words, the field's average being `average`. */
export function bm25Plus(idf: number, frequency: number, length: number, average: number): number {
  return idf * (BM25.d + (frequency * (BM25.k + 1)) / (frequency + BM25.k * (1 - BM25.b + (BM25.b * length) / average)));
}

/** The weight of `found` matched by a typed beginning `extra` letters shorter. */
export function prefixWeight(found: string, extra: number): number {
  return (PREFIX_WEIGHT * found.length) / (found.length + 0.3 * extra);
}
