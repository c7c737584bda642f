import { randomUUID } from 'node:crypto';
import type { Request } from 'autocannon';
import type { LoadBuyer, LoadCatalog } from './load-setup';

/** The endpoints bench/load.ts reports on, and how often a buyer sends each (percent). */
export const MIX = { search: 30, listing: 20, 'url-map': 10, sync: 15, 'cart-pull': 12, 'cart-push': 13 } as const;
export type Endpoint = keyof typeof MIX;
export const ENDPOINTS = Object.keys(MIX) as Endpoint[];

const COLLECTIONS = ['products', 'categories', 'suppliers', 'catalog_meta'] as const;
const SEARCH = '/api/catalog/product/_search';
const CART_LINES = '/api/bridge/buyer/cart/v1/lines';
/** Lines a simulated cart holds at most; beyond, the oldest is removed. */
const CART_SIZE = 8;

type CartLine = Record<string, unknown> & { id: string };
type BuyerState = {
  buyer: LoadBuyer;
  token: string;
  address: string;
  random: () => number;
  endpoint: Endpoint;
  /** Catalogue checkpoints per collection; a new device starts the products feed at 0. */
  checkpoints: Record<(typeof COLLECTIONS)[number], number>;
  nextCollection: number;
  collection: (typeof COLLECTIONS)[number];
  cartSeq: number;
  cart: CartLine[];
};

function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Zipf-like pick (exponent 1): a few searches and pages are popular, most are rare. */
function zipf<T>(items: readonly T[], random: () => number): T {
  const n = items.length;
  const index = Math.min(n - 1, Math.floor(Math.exp(random() * Math.log(n + 1)) - 1));
  return items[index] as T;
}

function pickEndpoint(random: () => number): Endpoint {
  let r = random() * 100;
  for (const endpoint of ENDPOINTS) {
    r -= MIX[endpoint];
    if (r < 0) return endpoint;
  }
  return 'search';
}

/** The checkpoint in a sync or cart pull answer, read from its end (a sync page can be a megabyte). */
function checkpointOf(body: string): number | null {
  const at = body.lastIndexOf('"checkpoint":');
  if (at < 0) return null;
  const end = body.indexOf('}', at);
  try {
    return (JSON.parse(body.slice(at + 13, end + 1)) as { seq?: number }).seq ?? null;
  } catch {
    return null;
  }
}

export type ScriptOptions = {
  catalog: LoadCatalog;
  /** The next buyer for a connection that starts, with the access token its sign-in got. */
  takeBuyer: () => { buyer: LoadBuyer; token: string; address: string };
  /** Told of every answer before autocannon reports its time, so times are kept per endpoint. */
  answered: (endpoint: Endpoint, status: number) => void;
};

/** One autocannon request that becomes, each time, the buyer's next request (state in the connection's context). */
export function buyerScript(options: ScriptOptions): Request {
  const { catalog } = options;
  const stateOf = (context: Record<string, unknown>): BuyerState => {
    if (!context.state) {
      const { buyer, token, address } = options.takeBuyer();
      const newDevice = buyer.index % 10 === 0;
      context.state = {
        buyer,
        token,
        address,
        random: rng(buyer.index * 7919 + 1),
        endpoint: 'search',
        checkpoints: { ...catalog.heads, ...(newDevice ? { products: 0 } : {}) },
        nextCollection: 0,
        collection: 'products',
        cartSeq: 0,
        cart: [],
      } satisfies BuyerState;
    }
    return context.state as BuyerState;
  };

  const build = (s: BuyerState): Pick<Request, 'method' | 'path' | 'body'> & { gzip: boolean } => {
    const json = (body: unknown) => JSON.stringify(body);
    switch (s.endpoint) {
      case 'search':
        return { method: 'POST', path: SEARCH, body: json({ query: { text: zipf(catalog.texts, s.random) }, size: 20 }), gzip: true };
      case 'listing':
        return {
          method: 'POST',
          path: SEARCH,
          gzip: true,
          body: json({
            query: { filters: { category_ids: zipf(catalog.categories, s.random) } },
            size: 50,
            sort: 'price:asc',
            includeFields: ['sku', 'name', 'price', 'final_price', 'special_price', 'thumbnail', 'url_path', 'supplier_name'],
            aggregations: {
              categories: { terms: { field: 'category_ids', size: 50 } },
              price: { range: { field: 'price', ranges: [{ to: 50 }, { from: 50, to: 100 }, { from: 100, to: 150 }, { from: 150 }] } },
            },
          }),
        };
      case 'url-map':
        return { method: 'POST', path: '/api/url/map', body: json({ url: zipf(catalog.urls, s.random) }), gzip: true };
      case 'sync': {
        // A new device pulls the products feed to its head first; then every collection in turn at its checkpoint.
        const collection = s.checkpoints.products < catalog.heads.products ? 'products' : COLLECTIONS[s.nextCollection++ % 4];
        s.collection = collection ?? 'products';
        // Uncompressed, so that the next checkpoint can be read from the answer.
        return { method: 'GET', path: `/api/sync/v1/${s.collection}?after=${s.checkpoints[s.collection]}&limit=1000`, gzip: false };
      }
      case 'cart-pull':
        return { method: 'GET', path: `${CART_LINES}/pull?buyer_id=${s.buyer.buyerId}&after=${s.cartSeq}&limit=100`, gzip: false };
      case 'cart-push': {
        const rows =
          s.cart.length >= CART_SIZE
            ? [{ newDocumentState: { ...s.cart[0], _deleted: true, updated_at: Date.now() }, assumedMasterState: s.cart[0] }]
            : [{ newDocumentState: newLine(catalog, s.random) }];
        const pushed = rows[0]?.newDocumentState as CartLine;
        if (pushed._deleted) s.cart.shift();
        else s.cart.push(pushed);
        return { method: 'POST', path: `${CART_LINES}/push`, body: json({ buyer_id: s.buyer.buyerId, rows }), gzip: true };
      }
    }
  };

  return {
    setupRequest: (_request, context) => {
      const s = stateOf(context);
      s.endpoint = pickEndpoint(s.random);
      const { gzip, ...request } = build(s);
      return {
        ...request,
        headers: {
          authorization: `Bearer ${s.token}`,
          'x-forwarded-for': s.address,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(gzip ? { 'accept-encoding': 'gzip' } : {}),
        },
      };
    },
    onResponse: (status, body, context) => {
      const s = stateOf(context);
      options.answered(s.endpoint, status);
      if (status !== 200) return;
      if (s.endpoint === 'sync') {
        const seq = checkpointOf(body);
        if (seq !== null) s.checkpoints[s.collection] = Math.max(s.checkpoints[s.collection], seq);
      } else if (s.endpoint === 'cart-pull') {
        s.cartSeq = checkpointOf(body) ?? s.cartSeq;
      }
    },
  };
}

function newLine(catalog: LoadCatalog, random: () => number): CartLine {
  const product = zipf(catalog.products, random);
  return {
    id: randomUUID(),
    sku: product.sku,
    supplier_id: product.supplierId,
    qty: 1 + Math.floor(random() * 5),
    price: 1000 + Math.floor(random() * 5000),
    tax_rate: 24,
    name: product.name.slice(0, 400),
    type_id: 'simple',
    updated_at: Date.now(),
    _deleted: false,
  };
}
