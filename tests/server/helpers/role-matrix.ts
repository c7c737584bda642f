import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { RouteOptions } from 'fastify';
import type { CartLineDoc } from '../../../src/contracts/cart';
import type { Queryable } from '../../../server/db/client';
import { saveBuyerAddress } from '../../../server/services/buyer-data';
import { requestToJoin } from '../../../server/services/join-requests';
import { seedIfEmpty } from '../../../server/seed/seed';
import {
  addMember,
  createBuyer,
  createCustomer,
  createRegistryCompany,
  TEST_PASSWORD,
  uniqueEmail,
  type TestBuyer,
  type TestCustomer,
} from './factory';
import { orderableProducts, orderBody, orderLine, type OrderableProduct } from './order-api';
import { openTestSession } from './session';
import { createTestApp, json, type TestApp } from './test-app';

/** The bridge, the people and buyer A's data that tests/server/role-matrix.test.ts calls every route with. */

export const ROLES = ['none', 'outsider', 'user', 'super', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type Person = TestCustomer & { token: string };

/**
 * - public: anyone, signed in or not;
 * - signedIn: any valid access token;
 * - member: a member (plain or super user) of the buyer the request names; anyone else 403 M.notMember;
 * - superUser: a super user of the named buyer; a plain member 403 M.notSuperUser, others 403 M.notMember;
 * - admin: a marketplace administrator (customers.is_admin); other signed-in customers 403 M.adminOnly.
 */
export type Access = 'public' | 'signedIn' | 'member' | 'superUser' | 'admin';

/** Buyer A's data the requests name. */
export type Fixture = {
  a: TestBuyer;
  addressId: string;
  orderId: string;
  backendOrderId: string;
  /** A line of the plain user's cart for buyer A. */
  lineId: string;
  requestId: string;
  joinToApprove: string;
  joinToReject: string;
  product: OrderableProduct;
  /** A tax number of another buyer (C): join requests sent by the matrix go there, not to A. */
  otherAfm: string;
};

/**
 * One call: the route's path as registered, the buyer it names, the caller's email (for their own profile),
 * buyer A's data, the database.
 */
export type Call = { path: string; f: Fixture; buyerId: string; email: string; db: Queryable };
export type Req = { url: string; payload?: Record<string, unknown> };
export type Row = {
  access: Access;
  build: (c: Call) => Req | Promise<Req>;
  /**
   * The route takes the id of an object of buyer A (an address, order, cart line or join request): the
   * outsider naming their own buyer with that id must get 404 or 403.
   */
  ownedId?: true;
  /** The credential is an events ticket in `?token=` (got with the role's access token), not the header. */
  ticket?: true;
  /**
   * The route ends a login-as session (access class admin): the admin calls it with a session opened by
   * `POST /api/admin/login-as` for a new customer (the admin's id kept), not with their own.
   */
  loginAs?: true;
};
export type Answer = { status: number; body: string };

export const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const defined = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined);
  return defined.length === 0 ? path : `${path}?${new URLSearchParams(defined).toString()}`;
};
export const NOW = (): number => Date.now();
/** A buyer-scoped GET of the route's own path, naming the buyer (and `more`) in the query. */
export const buyerQuery =
  (more: (c: Call) => Record<string, string> = () => ({})) =>
  (c: Call): Req => ({ url: withQuery(c.path, { buyer_id: c.buyerId, ...more(c) }) });
/** A buyer-scoped call with a body to the route's own path, naming the buyer (and `more`) in the body. */
export const buyerBody =
  (more: (c: Call) => Record<string, unknown> = () => ({})) =>
  (c: Call): Req => ({ url: c.path, payload: { buyer_id: c.buyerId, ...more(c) } });
export const ADDRESS_FORM = {
  alias: 'Αποθήκη',
  firstname: 'Ελένη',
  lastname: 'Παππά',
  street: 'Κηφισίας',
  number: '12',
  city: 'Αθήνα',
  postcode: '11526',
  phone: '2101234567',
  is_default: true,
};
export const billingForm = (afm: string) => ({
  company: 'Δοκιμή Α.Ε.',
  afm,
  tax_office: "Α' ΑΘΗΝΩΝ",
  street: 'Πανεπιστημίου 10',
  city: 'Αθήνα',
  postcode: '10671',
});
export const cartLine = (product: OrderableProduct, id: string = randomUUID()): CartLineDoc => ({
  id,
  sku: product.sku,
  supplier_id: product.supplierId,
  qty: 1,
  price: product.price,
  tax_rate: product.taxRate,
  name: product.name,
  type_id: 'simple',
  updated_at: NOW(),
  _deleted: false,
});
export const requestId = (): string => `req-${randomUUID()}`;

/** The refresh token of a new session of a new customer (refresh and logout consume one per call). */
export async function freshRefreshToken(db: Queryable): Promise<string> {
  const someone = await createCustomer(db);
  return (await openTestSession(db, someone.id)).refreshToken;
}

export const splitKey = (key: string): [string, string] => {
  const space = key.indexOf(' ');
  return [key.slice(0, space), key.slice(space + 1)];
};

export function descriptionOf(answer: Answer): string | undefined {
  try {
    return (JSON.parse(answer.body) as { errors?: { description?: string }[] }).errors?.[0]?.description;
  } catch {
    // Not an envelope (the event stream): no description.
    return undefined;
  }
}

/** The event stream never ends: over real HTTP, only its status line (or a refusal's body) is read. */
function streamStatus(port: number, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', path: url, agent: false }, (res) => {
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        res.destroy();
        resolve({ status: res.statusCode ?? 0, body: '(event stream)' });
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('error', reject);
    req.end();
  });
}

export type MatrixBridge = {
  t: TestApp;
  /** Every route the app added, "METHOD url" (HEAD twins included), as its onRoute hook saw them. */
  registered: string[];
  fixture: Fixture;
  people: Record<Exclude<Role, 'none'>, Person>;
  /** The outsider's own buyer. */
  b: TestBuyer;
  /** The call of route `key` as `role` naming `buyerId`; `token` instead of the role's own credential when given. */
  send(key: string, row: Row, role: Role, buyerId: string, token?: string): Promise<Answer>;
};

/**
 * A bridge on a small seed with buyers A, B (the outsider's, who is its super user, so the join-request
 * checks mean something) and C (the admin's: admins are modelled as the seed's admin@demo.gr, staff and a
 * plain member of some buyer), and buyer A's data: an address, an order and a cart line of its plain user,
 * a request, and two join requests of newcomers with confirmed addresses.
 */
export async function openMatrixBridge(): Promise<MatrixBridge> {
  const registered: string[] = [];
  const t = await createTestApp({
    logger: false,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await seedIfEmpty(t.db, { products: 60 });

  // A is in the company registry, so its billing refresh finds it.
  const a = await createBuyer(t.db, { afm: (await createRegistryCompany(t.db)).afm });
  const b = await createBuyer(t.db);
  const c = await createBuyer(t.db);
  const person = async (superOf: string | null, memberOf: string | null, isAdmin = false): Promise<Person> => {
    const customer = await createCustomer(t.db, { isAdmin });
    if (superOf) await addMember(t.db, superOf, customer.id, true);
    if (memberOf) await addMember(t.db, memberOf, customer.id, false);
    return { ...customer, token: (await openTestSession(t.db, customer.id)).token };
  };
  const people = {
    user: await person(null, a.id),
    super: await person(a.id, null),
    outsider: await person(b.id, null),
    admin: await person(null, c.id, true),
  };

  const bySupplier = await orderableProducts(t.db, 20);
  const [supplierId, products] = [...bySupplier.entries()].sort((x, y) => y[1].length - x[1].length)[0] ?? [];
  const product = products?.[0];
  if (!supplierId || !product) throw new Error('the seed has no orderable product');
  await t.db.query('update suppliers set minimum_order_cents = 0 where id = $1', [Number(supplierId)]);

  const { id: addressId } = await saveBuyerAddress(t.db, {
    buyerId: a.id,
    customerId: people.super.id,
    id: randomUUID(),
    address: { ...ADDRESS_FORM, region: '', comment: '' },
    savedAt: NOW() - 60_000,
  });

  const asUser = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${people.user.token}` }, payload });
    if (res.statusCode !== 200) throw new Error(`${url} for the fixture: ${res.statusCode} ${res.body}`);
    return json(res).result as Record<string, string>;
  };
  // An order of the plain user (a cart line, then the order taking it), and a line left in their cart.
  const ordered = cartLine(product);
  const kept = cartLine(product);
  await asUser('/api/bridge/buyer/cart/v1/lines/push', { buyer_id: a.id, rows: [{ newDocumentState: ordered }] });
  const order = await asUser('/api/bridge/buyer/order', orderBody(a.id, supplierId, [orderLine(product, 1, ordered.id)]));
  await asUser('/api/bridge/buyer/cart/v1/lines/push', { buyer_id: a.id, rows: [{ newDocumentState: kept }] });
  const wish = await asUser('/api/bridge/buyer/requests/add-suppliers', { buyer_id: a.id, request_id: requestId(), message: 'Κι άλλους' });

  // Only newcomers with a confirmed address reach the super users.
  const joinRequest = async (): Promise<string> => {
    const email = uniqueEmail('newcomer');
    await requestToJoin(t.db, t.config, { email, firstname: 'Άννα', lastname: 'Ιωάννου', afm: a.afm, password: TEST_PASSWORD }, NOW());
    await t.db.query('update customers set email_confirmed_at = now() where email = $1', [email]);
    const [row] = await t.db.query<{ id: string }>(
      'select jr.id from join_requests jr join customers c on c.id = jr.customer_id where c.email = $1',
      [email],
    );
    if (!row) throw new Error('join request not stored');
    return row.id;
  };

  const fixture: Fixture = {
    a,
    addressId,
    orderId: order.order_id ?? '',
    backendOrderId: order.backend_order_id ?? '',
    lineId: kept.id,
    requestId: wish.request_id ?? '',
    joinToApprove: await joinRequest(),
    joinToReject: await joinRequest(),
    product,
    otherAfm: c.afm,
  };

  let addresses = 0;
  // A client address per request: the per-address rate limits (login, registration, mails) never trip.
  const nextAddress = (): string => {
    addresses += 1;
    return `10.77.${(addresses >> 8) & 255}.${addresses & 255}`;
  };
  const send: MatrixBridge['send'] = async (key, row, role, buyerId, token) => {
    const [method, path] = splitKey(key);
    const who = role === 'none' ? undefined : people[role];
    const req = await row.build({ path, f: fixture, buyerId, email: who?.email ?? uniqueEmail('nobody'), db: t.db });
    if (row.ticket) {
      let url = req.url;
      if (token) url = withQuery(url, { token });
      else if (who) {
        const headers = { authorization: `Bearer ${who.token}` };
        const ticket = await t.app.inject({ method: 'POST', url: '/api/events/ticket', headers, remoteAddress: nextAddress() });
        if (ticket.statusCode !== 200) throw new Error(`events ticket: ${ticket.statusCode} ${ticket.body}`);
        url = withQuery(url, { token: (json(ticket).result as { ticket: string }).ticket });
      }
      return streamStatus(port, url);
    }
    let bearer = token ?? who?.token;
    if (row.loginAs && role === 'admin' && !token) {
      const target = await createCustomer(t.db);
      const opened = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login-as',
        headers: { authorization: `Bearer ${people.admin.token}` },
        payload: { customer_id: target.id },
        remoteAddress: nextAddress(),
      });
      if (opened.statusCode !== 200) throw new Error(`login-as: ${opened.statusCode} ${opened.body}`);
      bearer = json(opened).result as string;
    }
    const res = await t.app.inject({
      method: method as 'GET',
      url: req.url,
      remoteAddress: nextAddress(),
      ...(bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {}),
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });
    return { status: res.statusCode, body: res.body };
  };

  return { t, registered, fixture, people, b, send };
}

/** The proof, for the test output: each route's access class and the status each role got, then the cross-buyer answers. */
export function formatMatrix(
  matrix: Map<string, Partial<Record<Role, number>>>,
  accessOf: (key: string) => Access | undefined,
  crossBuyer: Map<string, number>,
): string {
  const width = Math.max(...[...matrix.keys(), ...crossBuyer.keys()].map((k) => k.length));
  const lines = [...matrix.entries()].map(
    ([key, statuses]) =>
      `${key.padEnd(width)}  ${(accessOf(key) ?? '').padEnd(9)}  ${ROLES.map((role) => `${role} ${statuses[role] ?? '---'}`).join('  ')}`,
  );
  const cross = [...crossBuyer.entries()].map(([key, status]) => `${key.padEnd(width)}  outsider naming own buyer, A's id: ${status}`);
  return (
    `\nRole matrix (${matrix.size} routes, their access class, the status each role got; the request names buyer A):\n` +
    `${lines.join('\n')}\n\nCross-buyer, by id (${crossBuyer.size} routes):\n${cross.join('\n')}\n\n`
  );
}
