import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { M } from '../../../contracts/messages';
import { confirmEmail } from '../../../replication/account-proof-api';
import type { BridgeClient } from '../../../replication/bridge-client';
import { isBridgeError } from '../../../replication/bridge-error';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { ResendConfirmationButton } from './resend-confirmation-button';
import { errorText } from '../../shared/session/error-message';
import { useSessionController, useSessionSnapshot } from '../../shared/session/session-context';
import { FormAlert } from '../../components/form-alert';
import styles from '../../components/narrow-page.module.css';

type Outcome = { state: 'working' } | { state: 'done'; text: string } | { state: 'expired' | 'taken' | 'failed'; text: string };

/**
 * One request per token for the life of the page: a token works once, so React's double effect in
 * development (or a re-render) must not spend it twice. A failure that left it unspent can be retried.
 */
const attempts = new Map<string, Promise<string>>();

function attemptOnce(client: BridgeClient, token: string): Promise<string> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = confirmEmail(client, token);
    attempts.set(token, attempt);
  }
  return attempt;
}

function outcomeOf(error: unknown, text: string): Outcome {
  if (isBridgeError(error) && error.description === M.tokenExpired) return { state: 'expired', text };
  if (isBridgeError(error) && error.description === M.emailTaken) return { state: 'taken', text };
  return { state: 'failed', text };
}

function useConfirmation(token: string): [Outcome, () => void] {
  const { i18n } = useLingui();
  const controller = useSessionController();
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    token ? { state: 'working' } : { state: 'expired', text: i18n._(M.tokenExpired) },
  );
  useEffect(() => {
    if (!token) return;
    let current = true;
    attemptOnce(controller.bridge.client, token).then(
      (text) => {
        if (!current) return;
        setOutcome({ state: 'done', text: i18n._(text) });
        // A signed-in customer's notice goes away without a reload; offline or not signed in, nothing to do.
        controller.refreshProfile().catch((error: unknown) => console.warn('Profile refresh after confirmation failed', error));
      },
      (error: unknown) => {
        if (current) setOutcome(outcomeOf(error, errorText(i18n, error)));
      },
    );
    return () => {
      current = false;
    };
  }, [token, round, controller, i18n]);
  const retry = () => {
    attempts.delete(token);
    setOutcome({ state: 'working' });
    setRound((n) => n + 1);
  };
  return [outcome, retry];
}

/** `/confirm-email?token=…`, the link of a confirmation or email-change mail (signed in or not). */
export function Component() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const [outcome, retry] = useConfirmation(params.get('token') ?? '');
  const { status, customer } = useSessionSnapshot();
  const signedIn = status === 'authenticated';
  return (
    <div className={styles.page}>
      <PageHeading>{t`Email confirmation`}</PageHeading>
      {outcome.state === 'working' ? (
        <p role="status">
          <Trans>Confirming your email address…</Trans>
        </p>
      ) : outcome.state === 'done' ? (
        <FormAlert tone="success">{outcome.text}</FormAlert>
      ) : (
        <FormAlert tone="error">{outcome.text}</FormAlert>
      )}
      {outcome.state === 'failed' ? (
        <Button variant="primary" onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
      {outcome.state === 'expired' && signedIn && customer && !customer.email_confirmed ? (
        <ResendConfirmationButton email={customer.email} />
      ) : null}
      {outcome.state === 'expired' && !signedIn ? (
        <p>
          <Trans>Log in to ask for a new link.</Trans>
        </p>
      ) : null}
      <p className={styles.links}>
        {signedIn ? (
          <Link to={paths.home}>
            <Trans>Continue to the shop</Trans>
          </Link>
        ) : (
          <Link to={paths.login}>
            <Trans>Log in</Trans>
          </Link>
        )}
      </p>
    </div>
  );
}
