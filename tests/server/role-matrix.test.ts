import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../src/contracts/messages';
import { addMember, createCustomer, createRegistryCompany, TEST_PASSWORD, uniqueEmail } from './helpers/factory';
import { orderBody, orderLine, TEST_ADDRESS } from './helpers/order-api';
import {
  ADDRESS_FORM,
  billingForm,
  buyerBody,
  buyerQuery,
  cartLine,
  descriptionOf,
  formatMatrix,
  freshRefreshToken,
  NOW,
  openMatrixBridge,
  requestId,
  ROLES,
  splitKey,
  withQuery,
  type Access,
  type MatrixBridge,
  type Role,
  type Row,
} from './helpers/role-matrix';
import { COMPANY_USER_ROUTES } from './helpers/role-matrix-company-users';
import { openTestSession } from './helpers/session';

/**
 * Who may call what (docs/product-rules.md §6), proven route by route: every /api route the app registers
 * is called as each role, and each route's access class in ROUTES below says which roles get past the
 * bridge's checks (the classes are described at `Access` in helpers/role-matrix.ts). A refused role gets
 * exactly 401 (no or a bad token) or 403 with the refusal's own message; a permitted one gets anything but
 * 401, 403 or 5xx (a 400 for a body valid enough to pass the checks is fine: the answer proven here is the
 * authorisation). A route that is registered but not in ROUTES, or a row naming a route that is not
 * registered, fails the test, so every new route must be classified here. The roles: none (no token), an
 * outsider (a member of another buyer only), a plain user and a super user of buyer A, and an admin. The
 * matrix of statuses received is printed after the run.
 */

const PERMITTED: Record<Access, readonly Role[]> = {
  public: ROLES,
  signedIn: ['outsider', 'user', 'super', 'admin'],
  member: ['user', 'super'],
  superUser: ['super'],
  admin: ['admin'],
};

/** Every /api route, keyed "METHOD url" as Fastify registers it. */
const ROUTES: Record<string, Row> = {
  'GET /api/health': { access: 'public', build: () => ({ url: '/api/health' }) },

  // Signing in, registration, passwords and mailed links: the body (credentials, a token) is the proof.
  'POST /api/client/user/login': {
    access: 'public',
    build: async ({ db }) => {
      const target = await createCustomer(db);
      return { url: '/api/client/user/login', payload: { username: target.email, password: TEST_PASSWORD } };
    },
  },
  'POST /api/client/user/refresh': {
    access: 'public',
    build: async ({ db }) => ({ url: '/api/client/user/refresh', payload: { refreshToken: await freshRefreshToken(db) } }),
  },
  'POST /api/client/user/logout': {
    access: 'public',
    build: async ({ db }) => ({ url: '/api/client/user/logout', payload: { refreshToken: await freshRefreshToken(db) } }),
  },
  'POST /api/client/user/check-tax-id': {
    access: 'public',
    build: async ({ db }) => ({ url: '/api/client/user/check-tax-id', payload: { tax_id: (await createRegistryCompany(db)).afm } }),
  },
  'POST /api/bridge/buyers': {
    access: 'public',
    build: async ({ db }) => {
      const { afm } = await createRegistryCompany(db);
      const customer = { email: uniqueEmail('registers'), firstname: 'Νίκος', lastname: 'Γεωργίου', taxvat: afm };
      return { url: '/api/bridge/buyers', payload: { customer, password: TEST_PASSWORD } };
    },
  },
  'POST /api/client/user/request-invitation': {
    access: 'public',
    build: ({ f }) => {
      const customer = { email: uniqueEmail('asks'), firstname: 'Σοφία', lastname: 'Μακρή', taxvat: f.otherAfm };
      return { url: '/api/client/user/request-invitation', payload: { customer, password: TEST_PASSWORD } };
    },
  },
  'POST /api/client/user/password/request-reset': {
    access: 'public',
    build: () => ({ url: '/api/client/user/password/request-reset', payload: { email: uniqueEmail('forgot'), url: '/reset' } }),
  },
  'POST /api/client/user/password/reset': {
    access: 'public',
    build: () => ({
      url: '/api/client/user/password/reset',
      payload: { password: 'Demo1234!x', confirm_password: 'Demo1234!x', token: 'not-a-mailed-token' },
    }),
  },
  'POST /api/client/user/password/create-password': {
    access: 'public',
    build: () => ({
      url: '/api/client/user/password/create-password',
      payload: { email: uniqueEmail('invited'), newPassword: 'Demo1234!z', resetToken: 'not-a-mailed-token' },
    }),
  },
  'POST /api/client/user/confirm-email': {
    access: 'public',
    build: () => ({ url: '/api/client/user/confirm-email', payload: { token: 'not-a-mailed-token' } }),
  },
  'POST /api/client/user/confirm-email/resend': {
    access: 'public',
    build: () => ({ url: '/api/client/user/confirm-email/resend', payload: { email: uniqueEmail('resend') } }),
  },

  // The signed-in customer's own account. A wrong old password: the session stays open for the next rows.
  'POST /api/client/user/password/change': {
    access: 'signedIn',
    build: () => ({ url: '/api/client/user/password/change', payload: { old_password: 'Wrong-password-1!', new_password: 'Demo1234!y' } }),
  },
  'GET /api/bridge/user/me': { access: 'signedIn', build: () => ({ url: '/api/bridge/user/me' }) },
  // Adding buyer C, which nobody of the matrix belongs to: a request to join it, not a new company.
  'POST /api/bridge/user/buyers': {
    access: 'signedIn',
    build: ({ f }) => ({ url: '/api/bridge/user/buyers', payload: { taxvat: f.otherAfm } }),
  },
  'GET /api/client/user/delete-account-request': { access: 'signedIn', build: () => ({ url: '/api/client/user/delete-account-request' }) },
  'POST /api/client/user/delete-account-request': {
    access: 'signedIn',
    build: () => ({ url: '/api/client/user/delete-account-request', payload: { reason: 'Ο πίνακας ρόλων' } }),
  },
  'GET /api/client/user/communication-preferences': {
    access: 'signedIn',
    build: () => ({ url: '/api/client/user/communication-preferences' }),
  },
  'PUT /api/client/user/communication-preferences': {
    access: 'signedIn',
    build: () => ({ url: '/api/client/user/communication-preferences', payload: { newsletter: true, supplier_offers: false } }),
  },
  'POST /api/bridge/user/me': {
    access: 'signedIn',
    build: ({ email }) => ({ url: '/api/bridge/user/me', payload: { customer: { firstname: 'Μαρία', lastname: 'Νικολάου', email } } }),
  },
  'PUT /api/client/user/show-prices-with-vat/change': {
    access: 'signedIn',
    build: () => ({ url: '/api/client/user/show-prices-with-vat/change', payload: { show_prices_with_vat: true } }),
  },

  // The catalogue and the live events: prices are shown only after login.
  'GET /api/sync/v1/:collection': { access: 'signedIn', build: () => ({ url: '/api/sync/v1/products?after=0&limit=5' }) },
  'POST /api/catalog/:entity/_search': {
    access: 'signedIn',
    build: () => ({ url: '/api/catalog/product/_search', payload: { query: { text: 'καφές' }, size: 5 } }),
  },
  'POST /api/url/map': { access: 'signedIn', build: ({ f }) => ({ url: '/api/url/map', payload: { url: `/p/${f.product.sku}/x` } }) },
  'POST /api/events/ticket': { access: 'signedIn', build: () => ({ url: '/api/events/ticket' }) },
  'GET /api/events': { access: 'signedIn', ticket: true, build: () => ({ url: '/api/events' }) },

  // Buyer-scoped: the cart (per customer and buyer), orders, favourites, addresses, billing, requests.
  'GET /api/bridge/buyer/cart/v1/lines/pull': { access: 'member', build: buyerQuery(() => ({ after: '0' })) },
  'POST /api/bridge/buyer/cart/v1/lines/push': {
    access: 'member',
    build: buyerBody(({ f }) => ({ rows: [{ newDocumentState: cartLine(f.product) }] })),
  },
  'GET /api/bridge/buyer/cart/v1/suppliers/pull': { access: 'member', build: buyerQuery() },
  'POST /api/bridge/buyer/cart/v1/suppliers/push': {
    access: 'member',
    build: buyerBody(({ f }) => ({
      rows: [{ newDocumentState: { supplier_id: f.product.supplierId, comment: '', excluded: false, updated_at: NOW(), _deleted: false } }],
    })),
  },
  'POST /api/bridge/buyer/cart/create': { access: 'member', build: buyerBody() },
  'GET /api/bridge/buyer/cart/pull': { access: 'member', build: buyerQuery() },
  'POST /api/bridge/buyer/cart/update': { access: 'member', build: buyerBody(({ f }) => ({ cartItem: cartLine(f.product) })) },
  'POST /api/bridge/buyer/cart/delete': {
    access: 'member',
    ownedId: true,
    build: buyerBody(({ f }) => ({ cartItem: { id: f.lineId, updated_at: NOW() } })),
  },
  'GET /api/bridge/buyer/cart/totals': { access: 'member', build: buyerQuery() },
  'GET /api/bridge/buyer/cart/payment-methods': { access: 'member', build: buyerQuery() },
  'POST /api/bridge/buyer/cart/shipping-methods': { access: 'member', build: buyerBody(() => ({ address: TEST_ADDRESS })) },
  'POST /api/bridge/buyer/cart/shipping-information': {
    access: 'member',
    build: buyerBody(() => ({
      addressInformation: { shipping_address: TEST_ADDRESS, shipping_method_code: 'standard', shipping_carrier_code: 'standard' },
    })),
  },
  'POST /api/bridge/buyer/cart/apply-coupon': { access: 'member', build: buyerBody(() => ({ coupon: 'NOSUCHCOUPON' })) },
  'POST /api/bridge/buyer/cart/delete-coupon': { access: 'member', build: buyerBody() },
  'GET /api/bridge/stock': { access: 'member', build: buyerQuery(({ f }) => ({ skus: f.product.sku })) },
  'POST /api/bridge/buyer/order': {
    access: 'member',
    build: buyerBody(({ f, buyerId }) => orderBody(buyerId, f.product.supplierId, [orderLine(f.product, 1)])),
  },
  'GET /api/bridge/buyer/orders/v1/pull': { access: 'member', build: buyerQuery() },
  'GET /api/bridge/buyer/favorites/v1/pull': { access: 'member', build: buyerQuery() },
  'POST /api/bridge/buyer/favorites/v1/push': {
    access: 'member',
    build: buyerBody(({ f: { product: p } }) => ({
      rows: [{ newDocumentState: { sku: p.sku, supplier_id: p.supplierId, favorite_since: NOW(), updated_at: NOW(), _deleted: false } }],
    })),
  },
  'GET /api/bridge/buyer/addresses': { access: 'member', build: buyerQuery() },
  'PUT /api/bridge/buyer/addresses/:id': {
    access: 'member',
    ownedId: true,
    build: ({ f, buyerId }) => ({
      url: `/api/bridge/buyer/addresses/${f.addressId}`,
      payload: { buyer_id: buyerId, address: { ...ADDRESS_FORM, alias: 'Άλλαξε' }, updated_at: NOW() },
    }),
  },
  'GET /api/bridge/buyer/billing': { access: 'member', build: buyerQuery() },
  'GET /api/bridge/buyer/billing/registry': { access: 'member', build: buyerQuery() },
  'PUT /api/bridge/buyer/billing': {
    access: 'member',
    build: buyerBody(({ f }) => ({ billing: billingForm(f.a.afm), updated_at: NOW() })),
  },
  'GET /api/client/buyers/:buyer_id/order/check-product-availability': {
    access: 'member',
    ownedId: true,
    build: ({ f, buyerId }) => ({
      url: withQuery(`/api/client/buyers/${buyerId}/order/check-product-availability`, {
        order_id: f.orderId,
        new_address_id: f.addressId,
      }),
    }),
  },
  'GET /api/client/buyers/:buyer_id/cart/switch-address': {
    access: 'member',
    ownedId: true,
    build: ({ f, buyerId }) => ({ url: withQuery(`/api/client/buyers/${buyerId}/cart/switch-address`, { new_address_id: f.addressId }) }),
  },
  'POST /api/client/buyers/:buyer_id/cart/switch-address': {
    access: 'member',
    ownedId: true,
    build: ({ f, buyerId }) => ({ url: `/api/client/buyers/${buyerId}/cart/switch-address`, payload: { new_address_id: f.addressId } }),
  },
  'GET /api/bridge/buyer/requests': { access: 'member', build: buyerQuery() },
  'GET /api/bridge/buyer/credit-terms': { access: 'member', build: buyerQuery() },
  'POST /api/bridge/buyer/credit-terms': {
    access: 'member',
    build: buyerBody(({ f: { product: p } }) => ({ request_id: requestId(), supplier_id: p.supplierId })),
  },
  'POST /api/bridge/buyer/requests/wholesale-price': {
    access: 'member',
    build: buyerBody(({ f: { product: p } }) => ({
      request_id: requestId(),
      path: `/p/${p.sku}/x`,
      supplier_id: p.supplierId,
      sku: p.sku,
    })),
  },
  'POST /api/bridge/buyer/requests/add-suppliers': {
    access: 'member',
    build: buyerBody(() => ({ request_id: requestId(), message: 'Κι άλλους' })),
  },
  'POST /api/bridge/buyer/requests/locked-supplier': {
    access: 'member',
    build: buyerBody(({ f }) => ({ request_id: requestId(), supplier_id: f.product.supplierId, type: 'access' })),
  },

  // Who joins the company: its super users decide (decision record 017).
  'GET /api/bridge/buyers/:buyer_id/join-requests': {
    access: 'superUser',
    build: ({ buyerId }) => ({ url: `/api/bridge/buyers/${buyerId}/join-requests` }),
  },
  'POST /api/bridge/buyers/:buyer_id/join-requests/:request_id/approve': {
    access: 'superUser',
    ownedId: true,
    build: ({ f, buyerId }) => ({ url: `/api/bridge/buyers/${buyerId}/join-requests/${f.joinToApprove}/approve` }),
  },
  'POST /api/bridge/buyers/:buyer_id/join-requests/:request_id/reject': {
    access: 'superUser',
    ownedId: true,
    build: ({ f, buyerId }) => ({ url: `/api/bridge/buyers/${buyerId}/join-requests/${f.joinToReject}/reject` }),
  },

  ...COMPANY_USER_ROUTES,

  // Marketplace staff.
  'PUT /api/admin/orders/:backendOrderId/status': {
    access: 'admin',
    build: ({ f }) => ({ url: `/api/admin/orders/${f.backendOrderId}/status`, payload: { status: 'accepted' } }),
  },
  'PATCH /api/admin/products/:sku': {
    access: 'admin',
    build: ({ f }) => ({ url: `/api/admin/products/${f.product.sku}`, payload: { qty: 500, is_in_stock: true } }),
  },
  'GET /api/admin/customers': { access: 'admin', build: () => ({ url: withQuery('/api/admin/customers', { q: 'example' }) }) },
  'POST /api/admin/login-as': {
    access: 'admin',
    build: async ({ db }) => ({ url: '/api/admin/login-as', payload: { customer_id: (await createCustomer(db)).id } }),
  },
  // Only a login-as session ends one: a customer's own session (the admin's too) gets 403 M.adminOnly.
  'POST /api/admin/logout-as': { access: 'admin', loginAs: true, build: () => ({ url: '/api/admin/logout-as', payload: {} }) },
};

/** What a refused role gets, with the refusal's own message (src/contracts/messages.ts). */
const REFUSAL: Record<Exclude<Access, 'public'>, Partial<Record<Role, { status: number; message: string }>>> = {
  signedIn: { none: { status: 401, message: M.notAuthorized } },
  member: {
    none: { status: 401, message: M.notAuthorized },
    outsider: { status: 403, message: M.notMember },
    admin: { status: 403, message: M.notMember },
  },
  superUser: {
    none: { status: 401, message: M.notAuthorized },
    outsider: { status: 403, message: M.notMember },
    user: { status: 403, message: M.notSuperUser },
    admin: { status: 403, message: M.notMember },
  },
  admin: {
    none: { status: 401, message: M.notAuthorized },
    outsider: { status: 403, message: M.adminOnly },
    user: { status: 403, message: M.adminOnly },
    super: { status: 403, message: M.adminOnly },
  },
};

let m: MatrixBridge;
const matrix = new Map<string, Partial<Record<Role, number>>>();
const crossBuyer = new Map<string, number>();

beforeAll(async () => {
  m = await openMatrixBridge();
}, 120_000);

afterAll(async () => {
  if (matrix.size > 0) process.stdout.write(formatMatrix(matrix, (key) => ROUTES[key]?.access, crossBuyer));
  await m?.t.close();
});

describe('role matrix', () => {
  it('classifies every /api route the app registers, and only those', () => {
    // HEAD and OPTIONS twins answer as their GET route; pages and media outside /api are not access-controlled.
    const apiRoutes = m.registered.filter((key) => {
      const [method, url] = splitKey(key);
      return url.startsWith('/api/') && method !== 'HEAD' && method !== 'OPTIONS';
    });
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect({
      registeredButNotClassified: apiRoutes.filter((key) => !(key in ROUTES)),
      classifiedButNotRegistered: Object.keys(ROUTES).filter((key) => !apiRoutes.includes(key)),
    }).toEqual({ registeredButNotClassified: [], classifiedButNotRegistered: [] });
  });

  it("never lets the outsider reach buyer A's objects by id while naming their own buyer", async () => {
    const { t, fixture, people, b, send } = m;
    const markers = [fixture.a.id, fixture.a.company, fixture.addressId, fixture.orderId, fixture.lineId, fixture.joinToApprove];
    const problems: string[] = [];
    for (const [key, row] of Object.entries(ROUTES)) {
      if (row.access !== 'member' && row.access !== 'superUser') continue;
      const [, path] = splitKey(key);
      const sent = await row.build({ path, f: fixture, buyerId: b.id, email: people.outsider.email, db: t.db });
      const answer = await send(key, row, 'outsider', b.id);
      if (row.ownedId) {
        crossBuyer.set(key, answer.status);
        if (answer.status !== 404 && answer.status !== 403) problems.push(`${key}: ${answer.status} ${answer.body.slice(0, 200)}`);
      }
      if (answer.status >= 500) problems.push(`${key}: ${answer.status}`);
      // Nothing of buyer A in the answer that the request did not carry itself.
      const leaked = markers.filter((m) => answer.body.includes(m) && !JSON.stringify(sent).includes(m));
      if (leaked.length > 0) problems.push(`${key}: answer names buyer A's ${leaked.join(', ')}`);
    }
    expect(problems).toEqual([]);
    // Buyer A's objects are as they were: the address not renamed, the join requests still pending, the line there.
    const [address] = await t.db.query<{ alias: string; buyer_id: string }>('select alias, buyer_id from addresses where id = $1', [
      fixture.addressId,
    ]);
    expect(address).toEqual({ alias: ADDRESS_FORM.alias, buyer_id: fixture.a.id });
    const pending = await t.db.query<{ status: string }>('select status from join_requests where id in ($1, $2)', [
      fixture.joinToApprove,
      fixture.joinToReject,
    ]);
    expect(pending.map((r) => r.status)).toEqual(['pending', 'pending']);
    const lines = await t.db.query('select 1 from cart_lines where id = $1 and not deleted', [fixture.lineId]);
    expect(lines).toHaveLength(1);
  });

  it('refuses a forged token, and the token of an ended session, with 401 on every route that needs one', async () => {
    const { t, fixture, people, send } = m;
    const ended = await createCustomer(t.db);
    await addMember(t.db, fixture.a.id, ended.id, true);
    const session = await openTestSession(t.db, ended.id);
    const logout = await t.app.inject({ method: 'POST', url: '/api/client/user/logout', payload: { refreshToken: session.refreshToken } });
    expect(logout.statusCode).toBe(200);
    const problems: string[] = [];
    for (const [key, row] of Object.entries(ROUTES)) {
      if (row.access === 'public') continue;
      // On the event stream an access token is no ticket either.
      for (const token of ['eyJ.eyJ.x', session.token, ...(row.ticket ? [people.super.token] : [])]) {
        const answer = await send(key, row, 'none', fixture.a.id, token);
        if (answer.status !== 401 || descriptionOf(answer) !== M.notAuthorized)
          problems.push(`${key} with ${token.slice(0, 12)}…: ${answer.status} ${answer.body.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers every route as its access class says, for every role', async () => {
    const { fixture, send } = m;
    const problems: string[] = [];
    for (const [key, row] of Object.entries(ROUTES)) {
      const statuses: Partial<Record<Role, number>> = {};
      matrix.set(key, statuses);
      // Refused roles first: a permitted call may change what the next one finds (a join request decided).
      const order = [...ROLES].sort((x, y) => Number(PERMITTED[row.access].includes(x)) - Number(PERMITTED[row.access].includes(y)));
      for (const role of order) {
        const answer = await send(key, row, role, fixture.a.id);
        statuses[role] = answer.status;
        const detail = `${key} as ${role}: ${answer.status} ${answer.body.slice(0, 200)}`;
        if (PERMITTED[row.access].includes(role)) {
          if (answer.status === 401 || answer.status === 403 || answer.status >= 500) problems.push(`permitted but ${detail}`);
          continue;
        }
        const refusal = row.access === 'public' ? undefined : REFUSAL[row.access][role];
        if (!refusal) throw new Error(`no refusal defined for ${role} on ${row.access}`);
        if (answer.status !== refusal.status) problems.push(`expected ${refusal.status}, ${detail}`);
        else if (descriptionOf(answer) !== refusal.message) problems.push(`expected "${refusal.message}", ${detail}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);
});
