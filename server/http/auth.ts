import type { FastifyInstance, FastifyRequest } from 'fastify';
import { M } from '../../src/contracts/messages';
import { AccessTokenError, verifyAccessToken } from '../services/access-token';
import { membershipOf, type Membership } from '../services/customers';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`: the customer the access token belongs to. */
    customerId: string | null;
    /** Set by `requireBuyer`: the buyer the request acts for, after a membership check. */
    buyer: Membership | null;
  }
}

export function installAuthDecorators(app: FastifyInstance): void {
  app.decorateRequest('customerId', null);
  app.decorateRequest('buyer', null);
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** SPEC §7: the token travels as `Authorization: Bearer …` or, for most calls, as `?token=…`. */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (match?.[1]) return match[1];
  }
  const query = recordOf(request.query).token;
  return typeof query === 'string' && query.length > 0 ? query : undefined;
}

/** preHandler: 401 with M.notAuthorized (which starts the storefront's refresh flow) unless the token is valid. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  const token = tokenFrom(request);
  if (!token) throw new AppError(401, M.notAuthorized, undefined, 'NO_TOKEN');
  try {
    const payload = verifyAccessToken(request.server.config.jwtSecret, token, request.server.clock.now());
    request.customerId = payload.sub;
  } catch (error) {
    if (error instanceof AccessTokenError) throw new AppError(401, M.notAuthorized, undefined, `TOKEN_${error.code.toUpperCase()}`);
    throw error;
  }
}

export function customerIdOf(request: FastifyRequest): string {
  if (!request.customerId) throw new AppError(401, M.notAuthorized, undefined, 'NO_TOKEN');
  return request.customerId;
}

/** The buyer id named by the request: path `buyer_id`, body `buyer_id` or query `buyer_id`; they must agree. */
export function requestedBuyerId(request: FastifyRequest): string | undefined {
  const candidates = [recordOf(request.params).buyer_id, recordOf(request.body).buyer_id, recordOf(request.query).buyer_id]
    .filter((v) => v !== undefined && v !== null && v !== '')
    .map((v) => (typeof v === 'number' ? String(v) : v));
  if (candidates.some((v) => typeof v !== 'string'))
    throw new AppError(400, M.invalidRequest, { fields: [{ path: 'buyer_id', message: M.invalidRequest }] });
  const unique = new Set(candidates as string[]);
  if (unique.size > 1) throw new AppError(400, M.invalidRequest, { fields: [{ path: 'buyer_id', message: M.invalidRequest }] });
  return [...unique][0];
}

/**
 * preHandler for buyer-scoped routes (after requireAuth): a client-sent buyer_id is only a claim; it is
 * accepted when buyer_users says the token's customer belongs to that buyer, else 403 M.notMember.
 */
export async function requireBuyer(request: FastifyRequest): Promise<void> {
  const customerId = customerIdOf(request);
  const buyerId = requestedBuyerId(request);
  if (!buyerId) throw new AppError(400, M.required, { fields: [{ path: 'buyer_id', message: M.required }] });
  const membership = await membershipOf(request.server.db, customerId, buyerId);
  if (!membership) throw new AppError(403, M.notMember, undefined, 'NOT_MEMBER');
  request.buyer = membership;
}

/** The membership resolved by requireBuyer. */
export function buyerOf(request: FastifyRequest): Membership {
  if (!request.buyer) throw new AppError(403, M.notMember, undefined, 'NOT_MEMBER');
  return request.buyer;
}

/** preHandler for super-user-only routes (after requireBuyer). */
export async function requireSuperUser(request: FastifyRequest): Promise<void> {
  if (!buyerOf(request).isSuperUser) throw new AppError(403, M.notSuperUser, undefined, 'NOT_SUPER_USER');
}

/**
 * preHandler (after requireAuth) for everything that commits a buyer to something: placing an order,
 * pushing the cart, deciding who joins a company. 403 M.emailNotConfirmed until the customer opened the
 * confirmation link (docs/decisions/017-proving-control.md: the order and cart-push routes must use it).
 */
export async function requireConfirmedEmail(request: FastifyRequest): Promise<void> {
  const [row] = await request.server.db.query<{ confirmed: boolean }>(
    'select email_confirmed_at is not null as confirmed from customers where id = $1',
    [customerIdOf(request)],
  );
  if (!row) throw new AppError(401, M.notAuthorized, undefined, 'CUSTOMER_GONE');
  if (!row.confirmed) throw new AppError(403, M.emailNotConfirmed, undefined, 'EMAIL_NOT_CONFIRMED');
}
