import type { FastifyInstance, FastifyRequest } from 'fastify';
import { M } from '../../src/contracts/messages';
import { AccessTokenError, verifyToken, type AccessTokenPayload, type TokenKind } from '../services/access-token';
import { isAdmin } from '../services/change-feed/admin-products';
import { membershipOf, type Membership } from '../services/customers';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth`: the customer the access token belongs to. */
    customerId: string | null;
    /** Set by `requireAuth`: the session (refresh-token family) the access token was issued in. */
    familyId: string | null;
    /**
     * Set by `requireAuth`: in a login-as session (docs/decisions/025-admin-login-as.md), the administrator
     * acting as `customerId`; null otherwise. The request acts as the customer, never as the administrator.
     */
    adminId: string | null;
    /** Set by `requireBuyer`: the buyer the request acts for, after a membership check. */
    buyer: Membership | null;
  }
}

export function installAuthDecorators(app: FastifyInstance): void {
  app.decorateRequest('customerId', null);
  app.decorateRequest('familyId', null);
  app.decorateRequest('adminId', null);
  app.decorateRequest('buyer', null);
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The access token travels only as `Authorization: Bearer …`: a URL ends up in proxy logs, browser history
 * and Referer headers. (docs/product-rules.md §7 also allowed `?token=`; the bridge no longer accepts it. The one exception,
 * the live-events stream, takes a short-lived ticket instead: see `requireEventsTicket`.)
 */
export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] || undefined;
}

/**
 * Checks a signed token of `kind` and that its session is still open (logout, refresh-token reuse and
 * password changes end sessions on the server; the answer is at most a few seconds old, see SessionStatus).
 * Every refusal is 401 with M.notAuthorized, which starts the storefront's refresh flow.
 */
async function authenticate(request: FastifyRequest, kind: TokenKind, token: string | undefined): Promise<void> {
  if (!token) throw new AppError(401, M.notAuthorized, undefined, 'NO_TOKEN');
  const { server } = request;
  let payload: AccessTokenPayload;
  try {
    payload = verifyToken(server.config.jwtSecret, kind, token, server.clock.now());
  } catch (error) {
    if (error instanceof AccessTokenError) throw new AppError(401, M.notAuthorized, undefined, `TOKEN_${error.code.toUpperCase()}`);
    throw error;
  }
  if (!(await server.sessions.isOpen(payload.fam, payload.sub))) throw new AppError(401, M.notAuthorized, undefined, 'SESSION_ENDED');
  request.customerId = payload.sub;
  request.familyId = payload.fam;
  request.adminId = payload.adm ?? null;
}

/** preHandler: the access token from the Authorization header must be valid and its session open. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  await authenticate(request, 'access', tokenFrom(request));
}

/**
 * preHandler of `GET /api/events` only: EventSource cannot send headers, so this stream takes `?token=`,
 * and what it takes there is an events ticket (about a minute, from `POST /api/events/ticket`), never an
 * access token. The logger redacts the parameter.
 */
export async function requireEventsTicket(request: FastifyRequest): Promise<void> {
  const query = recordOf(request.query).token;
  await authenticate(request, 'events', typeof query === 'string' ? query : undefined);
}

export function customerIdOf(request: FastifyRequest): string {
  if (!request.customerId) throw new AppError(401, M.notAuthorized, undefined, 'NO_TOKEN');
  return request.customerId;
}

/** The session of the request (after requireAuth or requireEventsTicket). */
export function sessionOf(request: FastifyRequest): { customerId: string; familyId: string } {
  if (!request.customerId || !request.familyId) throw new AppError(401, M.notAuthorized, undefined, 'NO_TOKEN');
  return { customerId: request.customerId, familyId: request.familyId };
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

/** preHandler after requireAuth: only marketplace administrators (customers.is_admin). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!(await isAdmin(request.server.db, customerIdOf(request)))) throw new AppError(403, M.adminOnly, undefined, 'NOT_ADMIN');
}

/**
 * preHandler after requireAuth for ending a login-as session: the session must carry an administrator's id
 * and that customer must still be an administrator (docs/decisions/025-admin-login-as.md); else 403.
 */
export async function requireLoginAs(request: FastifyRequest): Promise<void> {
  const { adminId } = request;
  if (!adminId || !(await isAdmin(request.server.db, adminId))) throw new AppError(403, M.adminOnly, undefined, 'NOT_LOGIN_AS');
}
