import { z } from 'zod';
import type { BridgeEvents } from './bridge-events';
import type { ExchangeOutcome, FetchLike, HttpAnswer, HttpCall, HttpMethod, Parsed } from './http-call';
import { outcomeError, parseSuccess, sendHttp } from './http-call';
import type { TokenRefresher } from './token-refresher';
import type { TokenStore } from './token-store';

export interface BridgeRequest<R, Mt> {
  method?: HttpMethod;
  path: string;
  body?: unknown;
  result: z.ZodType<R>;
  meta?: z.ZodType<Mt>;
  /** false for calls made without a session (login, registration, password reset, refresh). */
  auth?: boolean;
  /**
   * Makes the exchange somewhere else (a worker) instead of on this thread: the request and the response's
   * body are read, parsed and checked against `result` and `meta` there. Token, refresh, 426 and error
   * envelopes stay with the client. It is handed the client's own fetch for an exchange it makes here after all.
   * Default: the client's fetch, here.
   */
  exchange?: (call: HttpCall, fetchImpl: FetchLike, baseUrl: string) => Promise<ExchangeOutcome<R, Mt>>;
}

export interface BridgeClient {
  request<R, Mt = unknown>(request: BridgeRequest<R, Mt>): Promise<Parsed<R, Mt>>;
}

export interface BridgeClientDeps {
  fetch: FetchLike;
  /** Origin of the bridge; '' for the page's own origin (the bridge serves the storefront). */
  baseUrl?: string;
  tokens: TokenStore;
  events: BridgeEvents;
  /** Without one, a 401 is just an error (used by the refresh call itself). */
  refresher?: TokenRefresher;
}

const anyMeta = z.unknown();

/**
 * The bridge HTTP client: attaches the access token, maps every failure to BridgeError, recovers a 401
 * through the token refresher, and reports 426 (this build is too old) as an `update-required` event.
 */
export function createBridgeClient(deps: BridgeClientDeps): BridgeClient {
  const baseUrl = deps.baseUrl ?? '';

  async function attempt<R, Mt>(request: BridgeRequest<R, Mt>, attemptNo: number): Promise<Parsed<R, Mt>> {
    const useAuth = request.auth ?? true;
    const token = useAuth ? (deps.tokens.read()?.accessToken ?? null) : null;
    const call: HttpCall = { method: request.method ?? 'GET', path: request.path, body: request.body, token };
    let answer: HttpAnswer;
    if (request.exchange) {
      const outcome = await request.exchange(call, deps.fetch, baseUrl);
      if ('parsed' in outcome) return outcome.parsed;
      if ('error' in outcome) throw outcomeError(outcome.error);
      answer = outcome.answer;
    } else {
      answer = await sendHttp(deps.fetch, baseUrl, call);
    }
    if (answer.status === 426) deps.events.emit('update-required');
    if (answer.status === 401 && token !== null && deps.refresher) {
      return deps.refresher.recover((next) => attempt(request, next), attemptNo, token);
    }
    return parseSuccess(answer, request.result, (request.meta ?? anyMeta) as z.ZodType<Mt>);
  }

  return {
    request: (request) => attempt(request, 0),
  };
}
