import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { categorySlug, slugify, transliterateGreek } from './slug';

describe('transliterateGreek', () => {
  it.each([
    ['Ελαιόλαδο Παρθένο', 'elaiolado partheno'],
    ['Αυγά', 'avga'],
    ['Ευχαριστώ', 'efcharisto'],
    ['Μπύρα', 'byra'],
    ['Λάμπα', 'lampa'],
    ['Ντομάτα', 'domata'],
    ['Κουτί', 'kouti'],
    ['Αγγούρι', 'angouri'],
    ['Ψωμί', 'psomi'],
    ['Χαρτί Κουζίνας', 'charti kouzinas'],
    ['Προϊόντα', 'proionta'],
    ['Γκοφρέτα', 'gofreta'],
    ['Αγκινάρα', 'agkinara'],
    ['Ξύδι', 'xydi'],
    ['Ειδικό', 'eidiko'],
    ['Οινόπνευμα', 'oinopnevma'],
    ['Σύγχρονο', 'synchrono'],
    ['Σφιγξ', 'sfinx'],
    ['ηύρε', 'ivre'],
    ['Ταΰγετος', 'taygetos'],
  ])('%s → %s', (greek, latin) => {
    expect(transliterateGreek(greek)).toBe(latin);
  });

  it('writes every letter, capital or small, with or without tonos, by the ELOT 743 table', () => {
    const small = 'α β γ δ ε ζ η θ ι κ λ μ ν ξ ο π ρ σ ς τ υ φ χ ψ ω ϊ ϋ';
    const latin = 'a v g d e z i th i k l m n x o p r s s t y f ch ps o i y';
    expect(transliterateGreek(small)).toBe(latin);
    expect(transliterateGreek(small.toUpperCase())).toBe(latin);
    expect(transliterateGreek('ά έ ή ί ό ύ ώ ΐ ΰ Ά Έ Ή Ί Ό Ύ Ώ Ϊ Ϋ')).toBe('a e i i o y o i y a e i i o y o i y');
  });

  it('leaves Latin text and digits alone', () => {
    expect(transliterateGreek('Olive Oil 5L')).toBe('olive oil 5l');
  });
});

describe('slugify', () => {
  it('turns a Greek product name into a URL-safe slug', () => {
    expect(slugify('Ελαιόλαδο Παρθένο')).toBe('elaiolado-partheno');
  });

  it('drops punctuation, Latin accents and repeated separators', () => {
    expect(slugify('  Café & Τσάι -- 500 γρ.  ')).toBe('cafe-and-tsai-500-gr');
  });

  it('treats a spacing accent typed for an apostrophe as a separator', () => {
    expect(slugify('Kellogg´s Corn Flakes')).toBe('kellogg-s-corn-flakes');
  });

  it('always gives lower-case ASCII words joined by single hyphens, and a slug slugifies to itself', () => {
    const text = fc.string({ unit: fc.constantFrom(...'Αά Ϊΰμπ-ντγκ ευ&a Z9 é_—.'), maxLength: 30 });
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: 'grapheme', maxLength: 20 })), (input) => {
        const slug = slugify(input);
        expect(slug).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });

  it('gives an empty slug for text with no letters or digits', () => {
    expect(slugify('—!')).toBe('');
  });
});

describe('categorySlug (docs/product-rules.md §3)', () => {
  it('uses the url_key when configured', () => {
    expect(categorySlug({ id: 7, name: 'Ποτά', url_key: 'pota' })).toBe('pota');
  });

  it('falls back to the slugified name plus the id', () => {
    expect(categorySlug({ id: 7, name: 'Ποτά & Αναψυκτικά', url_key: null })).toBe('pota-and-anapsyktika-7');
  });
});
