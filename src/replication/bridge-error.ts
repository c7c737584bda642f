import { M } from '../contracts/messages';

/** Not in `M`: the client itself raises it when a bridge answer has an unexpected shape (docs/product-rules.md §8, technical). */
export const WRONG_RESPONSE_FORMAT = 'Unhandled error, wrong response format!';

export type BridgeErrorKind = 'http' | 'network' | 'format';

/**
 * Every failed bridge call ends as one of these. `description` is the English text the storefront
 * translates (`i18n._(description)`): the server's `errors[0].description`, or one of the client's own.
 * `code` is the HTTP status; 0 when no answer arrived.
 */
export class BridgeError extends Error {
  readonly code: number;
  readonly description: string;
  readonly kind: BridgeErrorKind;
  /** The error envelope's `meta`, when it had one (e.g. the problems of a refused order); unchecked. */
  readonly meta: Record<string, unknown> | undefined;

  constructor(code: number, description: string, kind: BridgeErrorKind, meta?: Record<string, unknown>) {
    super(description);
    this.name = 'BridgeError';
    this.code = code;
    this.description = description;
    this.kind = kind;
    this.meta = meta;
  }
}

export function isBridgeError(error: unknown): error is BridgeError {
  return error instanceof BridgeError;
}

export function networkError(): BridgeError {
  return new BridgeError(0, M.checkNetwork, 'network');
}
