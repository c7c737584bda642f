import type { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are credentials (`token`, `resetToken`, `refreshToken`, …). */
const SECRET_PARAM = /token|password|secret/i;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // An undecodable name is checked as sent; none of our credential names needs decoding.
    return value;
  }
}

/** Replaces the value of every credential-like query parameter with [REDACTED]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAM.test(safeDecode(name)) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/**
 * Fastify logger options: pino with a request serializer that never includes headers (so no
 * Authorization) and masks tokens in the URL; `redact` is a second line of defence for code that logs
 * headers or bodies on purpose.
 */
export function loggerOptions(level: string, stream?: Writable) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.refreshToken', '*.token'],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
