/**
 * Greek → Latin transliteration (ELOT 743, simplified the way Greek shops write URLs) and slugs.
 * Category slug rule (docs/product-rules.md §3): the url_key when configured, else the slugified name plus the id.
 */

const LETTERS: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
  ϊ: 'i',
  ϋ: 'y',
};

/** Pairs read as one sound; a diaeresis (ϊ, ϋ) breaks them, which is why those are separate letters. */
const PAIRS: Record<string, string> = { ου: 'ou', αι: 'ai', ει: 'ei', οι: 'oi', γγ: 'ng', γξ: 'nx', γχ: 'nch' };

/** At the start of a word these sound as one voiced consonant (Μπύρα → byra), inside as two. */
const WORD_START: Record<string, string> = { μπ: 'b', ντ: 'd', γκ: 'g' };
const INSIDE: Record<string, string> = { μπ: 'mp', ντ: 'nt', γκ: 'gk' };

/** αυ, ευ, ηυ: "v" before a vowel or voiced consonant (αυγά → avga), "f" otherwise (ευχαριστώ → efcharisto). */
const U_DIPHTHONG_HEAD: Record<string, string> = { α: 'a', ε: 'e', η: 'i' };
const VOICED = new Set('αεηιοωυβγδζλμνρϊϋ');

const isGreekLetter = (ch: string): boolean => ch in LETTERS;

/** Lower-cases and strips accents (tonos) while keeping the diaeresis as its own letter. */
function foldGreek(input: string): string {
  return input
    .toLowerCase()
    .normalize('NFD')
    .replace(/ι\u0308/g, 'ϊ')
    .replace(/υ\u0308/g, 'ϋ')
    .replace(/[\u0300-\u036f]/g, '');
}

export function transliterateGreek(input: string): string {
  const text = foldGreek(input);
  let out = '';
  let i = 0;
  // charAt gives '' outside the text, which is no letter of any table below.
  // Stryker disable next-line EqualityOperator: one more turn at i = length reads '' and appends ''
  while (i < text.length) {
    const ch = text.charAt(i);
    const next = text.charAt(i + 1);
    const pair = ch + next;
    const atWordStart = !isGreekLetter(text.charAt(i - 1));
    const head = U_DIPHTHONG_HEAD[ch];
    if (head !== undefined && next === 'υ') {
      out += head + (VOICED.has(text.charAt(i + 2)) ? 'v' : 'f');
      i += 2;
    } else if (WORD_START[pair] !== undefined) {
      out += atWordStart ? WORD_START[pair] : INSIDE[pair];
      i += 2;
    } else if (PAIRS[pair] !== undefined) {
      out += PAIRS[pair];
      i += 2;
    } else {
      out += LETTERS[ch] ?? ch;
      i += 1;
    }
  }
  return out;
}

/** Lower-case ASCII words joined by hyphens; Greek is transliterated first. */
export function slugify(input: string): string {
  return transliterateGreek(input)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function categorySlug(category: { id: number; name: string; url_key?: string | null | undefined }): string {
  if (category.url_key) return category.url_key;
  return `${slugify(category.name)}-${category.id}`;
}
