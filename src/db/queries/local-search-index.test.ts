import { describe, expect, it } from 'vitest';
import { makeProduct } from '../testing/documents';
import type { CategoryDoc } from '../schema/categories';
import type { ProductDoc } from '../schema/products';
import { createLocalSearchIndex } from './local-search-index';

const NOUNS = ['Ελαιόλαδο', 'Μέλι', 'Ζάχαρη', 'Αλεύρι', 'Ρύζι', 'Φακές', 'Σαπούνι', 'Απορρυπαντικό', 'Χαρτί κουζίνας', 'Χυμός'];
const ADJECTIVES = [
  'Κρήτης',
  'θυμαρίσιο',
  'λευκή',
  'για όλες τις χρήσεις',
  'Καρολίνα',
  'ψιλές',
  'πράσινο',
  'πλυντηρίου',
  'ρολό',
  'πορτοκάλι',
];
const SIZES = ['500g', '1kg', '5L', '250ml', '12τεμ'];

function category(id: string, name: string, nameEn: string): CategoryDoc {
  return {
    id,
    parent_id: '',
    parent_ids: [],
    name,
    name_en: nameEn,
    slug: `c-${id}`,
    url_path: `c-${id}`,
    path: id,
    level: 2,
    position: 1,
    is_active: true,
    product_count: 1,
    children_count: 0,
    updated_at: 0,
  };
}

const categories = [category('12', 'Τρόφιμα', 'Food'), category('20', 'Καθαριστικά', 'Cleaning')];

/** A few hundred plausible products; the named ones below are what the tests look for. */
function catalogue(): ProductDoc[] {
  const products: ProductDoc[] = [];
  for (let i = 0; i < 300; i += 1) {
    const noun = NOUNS[i % NOUNS.length] ?? '';
    const name = `${noun} ${ADJECTIVES[(i * 7) % ADJECTIVES.length] ?? ''} ${SIZES[i % SIZES.length] ?? ''}`;
    const sku = `PAP-${String(i).padStart(6, '0')}`;
    products.push(
      makeProduct({ sku, id: String(i), name, barcode: `520${String(i).padStart(10, '0')}`, category_ids: [i % 2 ? '20' : '12'] }),
    );
  }
  products.push(
    makeProduct({
      sku: 'CAF-1',
      id: '9001',
      name: 'Καφές ελληνικός 200g',
      name_en: 'Greek coffee 200g',
      barcode: '5209999999991',
      category_ids: ['12'],
    }),
  );
  products.push(
    makeProduct({ sku: 'CAF-2', id: '9002', name: 'Καφές φίλτρου 500g', name_en: 'Filter coffee 500g', barcode: '', category_ids: ['12'] }),
  );
  products.push(
    makeProduct({
      sku: 'TSH-1',
      id: '9003',
      name: 'Μπλουζάκι βαμβακερό',
      type_id: 'configurable',
      barcode: '',
      category_ids: [],
      configurable_children: [{ sku: 'TSH-1-RED-M', barcode: '5208888888881' }],
    }),
  );
  return products;
}

async function indexOf(products = catalogue()) {
  const index = createLocalSearchIndex();
  await index.sync({ products, categories }, { chunkSize: 64 });
  return index;
}

const skus = (result: { hits: { product: ProductDoc }[] }) => result.hits.map((h) => h.product.sku);

describe('local product search', () => {
  it('finds "Καφές" typed without accents, in capitals or with a final sigma', async () => {
    const index = await indexOf();
    for (const text of ['καφες', 'ΚΑΦΕΣ', 'καφές', 'Καφεσ']) {
      expect(skus(index.search(text)).slice(0, 2).sort()).toEqual(['CAF-1', 'CAF-2']);
    }
  });

  it('ignores accents in the query, also more of them than typo tolerance would forgive', async () => {
    const index = await indexOf();
    for (const text of ['κάφές', 'ΚΆΦΈΣ']) {
      expect(skus(index.search(text)).slice(0, 2).sort()).toEqual(['CAF-1', 'CAF-2']);
    }
  });

  it('tolerates a typo and finds a word from its beginning', async () => {
    const index = await indexOf();
    expect(skus(index.search('ελαιολδο')).length).toBeGreaterThan(0);
    expect(index.search('ελαιολδο').hits.every((h) => h.product.name.startsWith('Ελαιόλαδο'))).toBe(true);
    expect(skus(index.search('ελλην'))[0]).toBe('CAF-1');
    expect(skus(index.search('coffe')).sort()).toEqual(['CAF-1', 'CAF-2']);
  });

  it('puts the product of an exact sku or barcode first, and a variant code finds its parent', async () => {
    const index = await indexOf();
    expect(skus(index.search('PAP-000123'))[0]).toBe('PAP-000123');
    expect(skus(index.search('pap-000123'))[0]).toBe('PAP-000123');
    expect(skus(index.search('5200000000042'))[0]).toBe('PAP-000042');
    expect(index.search('5200000000042').hits[0]?.exact).toBe(true);
    expect(skus(index.search('TSH-1-RED-M'))[0]).toBe('TSH-1');
    expect(skus(index.search('5208888888881'))).toEqual(['TSH-1']);
  });

  it('says a term is too short below the minimum length of the language', async () => {
    const index = await indexOf();
    expect(index.search('κ')).toEqual({ hits: [], total: 0, tooShort: true });
    expect(index.search('κα').tooShort).toBe(false);
    expect(index.search('κα', { minLength: 3 }).tooShort).toBe(true);
    expect(index.search('   ').tooShort).toBe(false);
  });

  it('needs 75 % of the words: two of three may match, one of three may not', async () => {
    const index = await indexOf();
    expect(skus(index.search('καφές ελληνικός ζζζζζζζζ'))).toContain('CAF-1');
    expect(skus(index.search('καφές ζζζζζζζζ ξξξξξξξξ'))).toEqual([]);
    // Four words need three.
    expect(skus(index.search('καφές φίλτρου 500g ζζζζζζζζ'))[0]).toBe('CAF-2');
    expect(skus(index.search('καφές φίλτρου ζζζζζζζζ ξξξξξξξξ'))).toEqual([]);
  });

  it('matches a category name with the lowest weight', async () => {
    const index = await indexOf();
    const result = index.search('καθαριστικα');
    expect(result.total).toBe(150);
  });

  it('follows catalogue changes: a renamed product, a new one and a removed one', async () => {
    const products = catalogue();
    const index = await indexOf(products);
    const renamed = makeProduct({ ...products[0], name: 'Τσάι του βουνού 50g', updated_at: 2 });
    const added = makeProduct({ sku: 'NEW-1', id: '9100', name: 'Κακάο σε σκόνη', barcode: '' });
    const next = [renamed, ...products.slice(1).filter((p) => p.sku !== 'CAF-2'), added];
    await index.sync({ products: next, categories });
    expect(skus(index.search('τσαι'))).toEqual(['PAP-000000']);
    expect(skus(index.search('κακαο'))).toEqual(['NEW-1']);
    expect(skus(index.search('καφες'))).toEqual(['CAF-1']);
    expect(skus(index.search('CAF-2'))).not.toContain('CAF-2');
    expect(index.size).toBe(next.length);
  });

  it('indexes a first sync that lands after an empty start in slices, giving the thread back between them', async () => {
    const index = createLocalSearchIndex();
    await index.sync({ products: [], categories });
    let pauses = 0;
    await index.sync({ products: catalogue(), categories }, { chunkSize: 64, pause: async () => void (pauses += 1) });
    expect(pauses).toBe(Math.floor(303 / 64));
    expect(skus(index.search('καφες')).sort()).toEqual(['CAF-1', 'CAF-2']);
  });

  it('also gives the thread back whenever shouldYield says the slice has run long enough', async () => {
    const index = createLocalSearchIndex();
    const calls: string[] = [];
    let asked = 0;
    // Every third write the slice is "over budget"; chunkSize alone would pause once in 303 writes.
    const shouldYield = () => {
      asked += 1;
      calls.push('ask');
      return asked % 3 === 0;
    };
    await index.sync({ products: catalogue(), categories }, { chunkSize: 250, shouldYield, pause: async () => void calls.push('pause') });
    expect(asked).toBe(303);
    expect(calls.filter((c) => c === 'pause')).toHaveLength(101);
    // The pause comes right after the write whose check said so, not at the end of a chunk.
    expect(calls.slice(0, 4)).toEqual(['ask', 'ask', 'ask', 'pause']);
    expect(skus(index.search('καφες')).sort()).toEqual(['CAF-1', 'CAF-2']);
  });

  it('keeps the newest price of a product whose text did not change', async () => {
    const products = catalogue();
    const index = await indexOf(products);
    const cheaper = { ...(products.find((p) => p.sku === 'CAF-1') as ProductDoc), final_price: 99 };
    await index.sync({ products: products.map((p) => (p.sku === 'CAF-1' ? cheaper : p)), categories });
    expect(index.search('CAF-1').hits[0]?.product.final_price).toBe(99);
  });

  it('follows a renamed category into the products filed under it, also those that did not change', async () => {
    const products = catalogue();
    const index = await indexOf(products);
    const renamed = [category('12', 'Παντοπωλείο', 'Grocery'), categories[1] as CategoryDoc];
    await index.sync({ products, categories: renamed });
    expect(index.search('παντοπωλειο').total).toBe(152);
    expect(index.search('τροφιμα').total).toBe(0);
    expect(index.search('καθαριστικα').total).toBe(150);
  });

  it('finds a sku typed in any case, also one with lower-case letters of its own', async () => {
    const products = [
      ...catalogue(),
      makeProduct({ sku: 'Mix-7a', id: '9200', name: 'Μείγμα μπαχαρικών', barcode: '' }),
      makeProduct({ sku: 'abc-100', id: '9201', name: 'Ρίγανη', barcode: '' }),
    ];
    const index = await indexOf(products);
    for (const typed of ['abc-100', 'ABC-100', 'Abc-100'])
      expect(index.search(typed).hits[0]).toMatchObject({ exact: true, product: { sku: 'abc-100' } });
    for (const typed of ['CAF-1', 'caf-1', 'Caf-1'])
      expect(index.search(typed).hits[0]).toMatchObject({ exact: true, product: { sku: 'CAF-1' } });
    for (const typed of ['Mix-7a', 'MIX-7A', 'mix-7a'])
      expect(index.search(typed).hits[0]).toMatchObject({ exact: true, product: { sku: 'Mix-7a' } });
    expect(index.search('tsh-1-red-m').hits[0]).toMatchObject({ exact: true, product: { sku: 'TSH-1' } });
  });

  it("finds a product by its own sku typed exactly, also when another product's variant has it in lower case", async () => {
    const variant = makeProduct({
      sku: 'VAR-1',
      id: '9300',
      name: 'Μπλούζα',
      barcode: '',
      type_id: 'configurable',
      configurable_children: [{ sku: 'dup-9', barcode: '' }],
    });
    const index = await indexOf([...catalogue(), makeProduct({ sku: 'DUP-9', id: '9301', name: 'Αλάτι', barcode: '' }), variant]);
    expect(index.search('DUP-9').hits[0]).toMatchObject({ exact: true, product: { sku: 'DUP-9' } });
    expect(index.search('dup-9').hits[0]).toMatchObject({ exact: true, product: { sku: 'VAR-1' } });
  });
});
