export type DbErrorCode = 'invalid_account' | 'unknown_buyer';

/** A refused local write; `code` lets callers pick the message without parsing text. */
export class DbCommandError extends Error {
  override readonly name = 'DbCommandError';

  constructor(
    readonly code: DbErrorCode,
    message: string,
  ) {
    super(message);
  }
}
