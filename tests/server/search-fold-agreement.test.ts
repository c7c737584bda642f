import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldSearchText } from '../../src/domain/search-folding';
import { openTestDb, type TestDb } from './helpers/test-db';

/**
 * The storefront's offline index folds with foldSearchText; the bridge's search folds with the SQL function
 * search_fold() (migration 030). A word must fold the same on both sides, or a search finds a product
 * online and misses it offline (or the reverse). Generated over what buyers type into the search: Greek
 * with and without tonos and dialytika in both cases, final sigma, Latin with common accents, digits,
 * spaces and punctuation.
 */

const GREEK = 'αβγδεζηθικλμνξοπρστυφχψωςάέήίόύώϊϋΐΰΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΆΈΉΊΌΎΏΪΫ';
const LATIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZàáâäãåçèéêëìíîïñòóôöõùúûüýÿÀÁÂÄÃÅÇÈÉÊËÌÍÎÏÑÒÓÔÖÕÙÚÛÜÝ';
const OTHER = '0123456789 .,-/%&()\'"';
const alphabet = [...GREEK, ...LATIN, ...OTHER];

let db: TestDb;

beforeAll(async () => {
  db = await openTestDb();
});

afterAll(async () => {
  await db.dispose();
});

describe('search folding: storefront and bridge agree', () => {
  it('folds 300 generated strings alike', async () => {
    const samples = fc.sample(
      fc.array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 24 }).map((chars) => chars.join('')),
      {
        numRuns: 300,
        seed: 20261125,
      },
    );
    const rows = await db.query<{ folded: string[] }>('select array(select search_fold(s) from unnest($1::text[]) s) as folded', [samples]);
    const folded = rows[0]?.folded ?? [];
    const disagreements = samples
      .map((input, i) => ({ input, client: foldSearchText(input), bridge: folded[i] }))
      .filter((r) => r.client !== r.bridge);
    expect(disagreements).toEqual([]);
  });

  it('folds every letter of the alphabet alike, one by one', async () => {
    const rows = await db.query<{ folded: string[] }>('select array(select search_fold(s) from unnest($1::text[]) s) as folded', [
      alphabet,
    ]);
    const folded = rows[0]?.folded ?? [];
    expect(alphabet.map((c, i) => `${c}→${folded[i]}`)).toEqual(alphabet.map((c) => `${c}→${foldSearchText(c)}`));
  });
});
