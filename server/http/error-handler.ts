import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { M, type MessageText } from '../../src/contracts/messages';
import { WorkGateFull } from '../services/work-gate';
import { AppError } from './app-error';
import { errorEnvelope } from './envelope';

type Mapped = { status: number; description: MessageText; meta?: Record<string, unknown> };

/** Fastify's own 4xx errors, worded so a person (or the storefront developer) knows what to fix. */
const FASTIFY_CODES: Record<string, Mapped> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, description: M.badContentType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, description: M.bodyTooLarge },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, description: M.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, description: M.badJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, description: M.invalidRequest },
};

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === 'string';
}

/**
 * PostgreSQL's class 22 "data exception" (22001 string too long, 22003 number out of range, 22007 bad
 * date, 22021 NUL or bad UTF-8, 22P02 bad number text, …): a value the client sent that a contract let
 * through. The client gets a 400; the log gets a warning, because a contract should have said no first.
 */
export function isDataException(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const s = (error as { statusCode?: unknown }).statusCode;
  return typeof s === 'number' ? s : undefined;
}

export function mapError(error: unknown): Mapped {
  if (error instanceof AppError) {
    return error.meta
      ? { status: error.status, description: error.message as MessageText, meta: error.meta }
      : { status: error.status, description: error.message as MessageText };
  }
  // Bounded work (password hashing) refused at once because it is saturated: try again shortly.
  if (error instanceof WorkGateFull) return { status: 503, description: M.serviceBusy };
  if (isFastifyError(error) && FASTIFY_CODES[error.code]) return FASTIFY_CODES[error.code] as Mapped;
  if (isDataException(error)) return { status: 400, description: M.invalidRequest };
  // JSON.parse failures surface as a SyntaxError with statusCode 400 in some Fastify paths.
  if (error instanceof SyntaxError && statusOf(error) === 400) return { status: 400, description: M.badJson };
  const status = statusOf(error);
  if (status === 429) return { status: 429, description: M.tooManyRequests };
  if (status === 404) return { status: 404, description: M.notFound };
  if (status !== undefined && status >= 400 && status < 500) return { status, description: M.invalidRequest };
  return { status: 500, description: M.technicalIssue };
}

/** One handler for every error: 4xx keep an actionable message, 5xx hide everything but a generic text. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = mapError(error);
    if (error instanceof WorkGateFull) request.log.warn({ reason: error.message }, 'refused: busy');
    else if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
    else if (isDataException(error)) request.log.warn({ err: error }, 'database refused a request value: a contract should bound it');
    else request.log.info({ status: mapped.status, reason: mapped.description }, 'request rejected');
    if (mapped.status === 429) {
      const retryAfter = reply.getHeader('retry-after');
      if (retryAfter === undefined) reply.header('retry-after', '60');
    }
    if (error instanceof WorkGateFull) reply.header('retry-after', '2');
    return reply
      .code(mapped.status)
      .type('application/json; charset=utf-8')
      .send(errorEnvelope(mapped.status, mapped.description, mapped.meta));
  });
}
