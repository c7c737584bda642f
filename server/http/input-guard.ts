import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonBoundsProblem } from '../../src/contracts/bounds';
import { M } from '../../src/contracts/messages';
import { AppError } from './app-error';
import { errorEnvelope } from './envelope';

/**
 * Deepest JSON any route accepts: the search body is 6 levels (aggregations → name → range → ranges →
 * item → from), free-form fields 4 more at most. A 1 MB body can nest 500,000 levels; code that walks a
 * value recursively (JSON.stringify of a cache key, a logger) would overflow the stack on it.
 */
export const MAX_JSON_DEPTH = 32;

const BOUNDS = { depth: MAX_JSON_DEPTH, nodes: Number.POSITIVE_INFINITY, stringLength: Number.POSITIVE_INFINITY };

function refuse(part: string, reason: string, code: string): AppError {
  return new AppError(400, M.invalidRequest, { fields: [{ path: part, message: M.invalidRequest }], reason }, code);
}

function partProblem(value: unknown): string | null {
  return value === undefined || value === null ? null : jsonBoundsProblem(value, BOUNDS);
}

/**
 * A defensive layer in front of every route's own contract: a request whose path parameters, query or
 * body hold a NUL character, or whose body nests deeper than MAX_JSON_DEPTH, is refused with a 400
 * before any handler, preHandler (sign-in checks included) or database sees it. PostgreSQL cannot store
 * NUL in text and answers such a value with an error; a contract that forgets the rule must not turn
 * that into a 500. (The body's size is bounded by Fastify's bodyLimit; what the contracts bound besides
 * is in src/contracts/bounds.ts.)
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const problem = partProblem(value);
      if (!problem) continue;
      request.log.info({ part, problem }, 'input refused');
      throw problem === 'nested too deeply'
        ? refuse(part, 'JSON nested too deeply', 'INPUT_TOO_DEEP')
        : refuse(part, 'NUL character', 'INPUT_NUL');
    }
  });
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded (`/api/%ff`) is refused before routing, so
 * the error handler never sees it; answer it in the bridge's envelope with a text of M like every 400.
 */
export function frameworkErrors(error: Error & { statusCode?: number }, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  request.log.info({ err: error }, 'request refused before routing');
  void reply.code(status).type('application/json; charset=utf-8').send(errorEnvelope(status, M.invalidRequest));
}
