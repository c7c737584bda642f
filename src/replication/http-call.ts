import type { z } from 'zod';
import { errorEnvelopeSchema } from '../contracts/envelope';
import { M } from '../contracts/messages';
import { BridgeError, isBridgeError, WRONG_RESPONSE_FORMAT, networkError, type BridgeErrorKind } from './bridge-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpCall {
  method: HttpMethod;
  /** Path below the bridge origin, starting with `/api/`. */
  path: string;
  body?: unknown;
  /** Sent as `Authorization: Bearer`, never in the URL (a URL ends up in logs and history). */
  token?: string | null;
}

export interface HttpAnswer {
  status: number;
  /** The parsed JSON body. */
  body: unknown;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** One HTTP exchange with the bridge: JSON in, JSON out. Throws BridgeError for no answer or a non-JSON one. */
export async function sendHttp(fetchImpl: FetchLike, baseUrl: string, call: HttpCall): Promise<HttpAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  let response: Response;
  try {
    response = await fetchImpl(`${baseUrl}${call.path}`, {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      credentials: 'same-origin',
    });
  } catch (error) {
    // fetch rejects only when no HTTP answer arrived (offline, DNS, reset); abort is the caller's choice.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('application/json')) {
    throw new BridgeError(response.status, M.badContentType, 'format');
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new BridgeError(response.status, WRONG_RESPONSE_FORMAT, 'format');
  }
  return { status: response.status, body };
}

/** The bridge's error envelope as a BridgeError; a body of another shape is a format error. */
export function errorFromAnswer(answer: HttpAnswer): BridgeError {
  const parsed = errorEnvelopeSchema.safeParse(answer.body);
  if (!parsed.success) return new BridgeError(answer.status, WRONG_RESPONSE_FORMAT, 'format');
  const [first] = parsed.data.errors;
  return new BridgeError(answer.status, first?.description ?? M.unexpectedError, 'http', parsed.data.meta);
}

export interface Parsed<R, Mt> {
  result: R;
  meta: Mt;
}

/**
 * What an exchange made elsewhere (a worker: src/replication/catalog-page-worker.ts) brings back: the checked
 * success, the answer of any other status for the client to judge (401, 426, the error envelope), or the
 * BridgeError it met (no answer, not JSON, a success of the wrong shape) as plain fields.
 */
export type ExchangeOutcome<R, Mt> =
  | { parsed: Parsed<R, Mt> }
  | { answer: HttpAnswer }
  | { error: { code: number; description: string; kind: BridgeErrorKind; meta?: Record<string, unknown> | undefined } };

/** One exchange as the bridge client makes it, up to a checked success; any other status is left to the caller. */
export async function exchange<R, Mt>(
  fetchImpl: FetchLike,
  baseUrl: string,
  call: HttpCall,
  result: z.ZodType<R>,
  meta: z.ZodType<Mt>,
): Promise<ExchangeOutcome<R, Mt>> {
  try {
    const answer = await sendHttp(fetchImpl, baseUrl, call);
    if (answer.status !== 200) return { answer };
    return { parsed: parseSuccess(answer, result, meta) };
  } catch (error) {
    if (!isBridgeError(error)) throw error;
    return { error: { code: error.code, description: error.description, kind: error.kind, meta: error.meta } };
  }
}

/** The BridgeError an outcome carries, as the client throws it. */
export function outcomeError(error: Extract<ExchangeOutcome<unknown, unknown>, { error: unknown }>['error']): BridgeError {
  return new BridgeError(error.code, error.description, error.kind, error.meta);
}

/** A 200 envelope `{code: 200, result, meta}` checked against the caller's schemas. */
export function parseSuccess<R, Mt>(answer: HttpAnswer, result: z.ZodType<R>, meta: z.ZodType<Mt>): Parsed<R, Mt> {
  if (answer.status !== 200) throw errorFromAnswer(answer);
  if (typeof answer.body !== 'object' || answer.body === null) {
    throw new BridgeError(answer.status, WRONG_RESPONSE_FORMAT, 'format');
  }
  const body = answer.body as { code?: unknown; result?: unknown; meta?: unknown };
  if (body.code !== 200) throw errorFromAnswer(answer);
  const parsedResult = result.safeParse(body.result);
  const parsedMeta = meta.safeParse(body.meta);
  if (!parsedResult.success || !parsedMeta.success) {
    throw new BridgeError(answer.status, WRONG_RESPONSE_FORMAT, 'format');
  }
  return { result: parsedResult.data, meta: parsedMeta.data };
}
