import type { MessageText } from '../../src/contracts/messages';

/**
 * The one error type routes throw. `status` becomes both the HTTP status and the envelope `code`;
 * `message` is a text of M, which the storefront translates.
 */
export class AppError extends Error {
  readonly code: string;
  constructor(
    readonly status: number,
    message: MessageText,
    readonly meta?: Record<string, unknown>,
    code?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? `HTTP_${status}`;
  }
}

/** A response that does not match its own contract: a bug on our side, so it is answered as a 500. */
export class ResponseContractError extends Error {
  readonly code = 'RESPONSE_CONTRACT';
}
