import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import { M } from '../../../contracts/messages';
import { WRONG_RESPONSE_FORMAT, isBridgeError } from '../../../replication/bridge-error';

/**
 * Not in `M` (the client raises it, not the bridge), so it is declared here with the English text as its
 * id: `i18n._(error.description)` then finds it like every server text.
 */
const wrongFormat = msg({ id: 'Unhandled error, wrong response format!', message: 'Unhandled error, wrong response format!' });

/** The text a person sees for a failed call, in the current language. */
export function errorText(i18n: I18n, error: unknown, overrides: { network?: string } = {}): string {
  if (!isBridgeError(error)) {
    console.error('Unexpected failure', error);
    return i18n._(M.unexpectedError);
  }
  // A rate limiter may answer in its own words; the person needs ours.
  if (error.code === 429) return i18n._(M.tooManyRequests);
  if (error.kind === 'network') return i18n._(overrides.network ?? M.checkNetwork);
  if (error.description === WRONG_RESPONSE_FORMAT) return i18n._(wrongFormat);
  return i18n._(error.description);
}

/** Field messages of the zod schemas are `M` texts. */
export function fieldErrorText(i18n: I18n, message: string | undefined): string | undefined {
  return message === undefined ? undefined : i18n._(message);
}
