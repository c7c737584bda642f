import type { FastifyInstance } from 'fastify';
import type { TestCustomer } from './factory';
import { json } from './test-app';

/** The cart calls as one customer's device makes them, through `app.inject`. */

export async function loginToken(app: FastifyInstance, customer: TestCustomer): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/client/user/login',
    payload: { username: customer.email, password: customer.password },
  });
  return json(res).result as string;
}

/** Calls under /api/bridge/buyer/cart/ (and the stock lookup) naming `buyerId`, with the customer's token. */
export function cartClient(app: FastifyInstance, token: string, buyerId: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: (path: string) =>
      app.inject({ method: 'GET', url: `/api/bridge/buyer/cart/${path}${path.includes('?') ? '&' : '?'}buyer_id=${buyerId}`, headers }),
    post: (path: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api/bridge/buyer/cart/${path}`, headers, payload: { buyer_id: buyerId, ...payload } }),
    stock: (skus: string[]) => app.inject({ method: 'GET', url: `/api/bridge/stock?buyer_id=${buyerId}&skus=${skus.join(',')}`, headers }),
  };
}
export type CartClient = ReturnType<typeof cartClient>;
