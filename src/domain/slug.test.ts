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
  ])('%s → %s', (greek, latin) => {
    expect(transliterateGreek(greek)).toBe(latin);
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

  it('gives an empty slug for text with no letters or digits', () => {
    expect(slugify('—!')).toBe('');
  });
});

describe('categorySlug (SPEC §3)', () => {
  it('uses the url_key when configured', () => {
    expect(categorySlug({ id: 7, name: 'Ποτά', url_key: 'pota' })).toBe('pota');
  });

  it('falls back to the slugified name plus the id', () => {
    expect(categorySlug({ id: 7, name: 'Ποτά & Αναψυκτικά', url_key: null })).toBe('pota-and-anapsyktika-7');
  });
});
