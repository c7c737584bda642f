import type { FastifyInstance } from 'fastify';
import {
  loginRequestSchema,
  loginResultSchema,
  logoutRequestSchema,
  logoutResultSchema,
  refreshMetaSchema,
  refreshRequestSchema,
  sessionMetaSchema,
} from '../../src/contracts/auth';
import { M } from '../../src/contracts/messages';
import { AppError } from '../http/app-error';
import { ok } from '../http/envelope';
import { loginLimits } from '../http/rate-limits';
import { parseBody } from '../http/validate';
import { signAccessToken } from '../services/access-token';
import { login, LoginError } from '../services/login';
import { accessTokenTtl } from '../services/session';
import { RefreshTokenError, revokeFamilyOfToken, rotateRefreshToken } from '../services/refresh-tokens';

/** docs/product-rules.md §7: POST client/user/login and POST client/user/refresh; POST client/user/logout ends the session. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/client/user/login', { config: { limits: loginLimits(app.config.loginAttemptsPerAddress) } }, async (request) => {
    const body = parseBody(loginRequestSchema, request.body);
    try {
      const session = await login(app.db, app.config, body.username, body.password, app.clock.now());
      return ok(loginResultSchema, session.token, sessionMetaSchema, session.meta);
    } catch (error) {
      if (error instanceof LoginError) throw new AppError(401, M.wrongCredentials, undefined, error.code);
      throw error;
    }
  });

  app.post('/api/client/user/refresh', async (request) => {
    const body = parseBody(refreshRequestSchema, request.body);
    const now = app.clock.now();
    try {
      const rotated = await rotateRefreshToken(app.db, body.refreshToken, now, app.config.jwtSecret);
      // Two tabs (or a retry after a lost answer) refreshing at once: both get the same successor.
      if (rotated.duplicate) request.log.info('refresh duplicate within the grace window answered with the same successor');
      // A login-as session keeps its administrator, and its tokens never outlive its end (decision 025).
      const ttl = accessTokenTtl(app.config, rotated.loginAs, now);
      const subject = { ...rotated, adminId: rotated.loginAs?.adminId ?? null };
      const token = signAccessToken(app.config.jwtSecret, subject, ttl, now);
      return ok(loginResultSchema, token, refreshMetaSchema, { refreshToken: rotated.refreshToken, expiresIn: ttl });
    } catch (error) {
      if (error instanceof RefreshTokenError) {
        // Reuse revoked the family: its access tokens and live streams stop too.
        if (error.revokedFamilyId) app.sessions.ended([error.revokedFamilyId]);
        request.log.warn({ problem: error.code }, 'refresh refused');
        throw new AppError(401, M.tokenRefreshFailed, undefined, `REFRESH_${error.code.toUpperCase()}`);
      }
      throw error;
    }
  });

  // No access token required: it may have expired, and the refresh token already proves the session is
  // the caller's. The same answer for every well-formed token, so a retried (queued) logout is harmless.
  app.post('/api/client/user/logout', async (request) => {
    const { refreshToken } = parseBody(logoutRequestSchema, request.body);
    const familyId = await revokeFamilyOfToken(app.db, refreshToken, app.clock.now());
    if (familyId) app.sessions.ended([familyId]);
    return ok(logoutResultSchema, M.loggedOut);
  });
}
