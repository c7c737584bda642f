import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { resendConfirmation } from '../../../replication/account-proof-api';
import { Button } from '../../components/button';
import { errorText } from '../../shared/session/error-message';
import { useSessionController } from '../../shared/session/session-context';
import styles from './account-notices.module.css';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** "Send the link again" for a known address; the outcome is announced politely (errors assertively). */
export function ResendConfirmationButton({ email }: { email: string }) {
  const { t, i18n } = useLingui();
  const { bridge } = useSessionController();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const send = async () => {
    setSending(true);
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: i18n._(await resendConfirmation(bridge.client, email)) });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(i18n, error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.actions}>
      <Button size="small" busy={sending} onClick={() => void send()}>
        {sending ? t`Sending…` : t`Send the link again`}
      </Button>
      {/* Both live regions exist before anything is said in them, so screen readers announce the text. */}
      <p role="status" className={styles.outcome}>
        {outcome?.tone === 'success' ? outcome.text : null}
      </p>
      <p role="alert" className={styles.outcomeError}>
        {outcome?.tone === 'error' ? outcome.text : null}
      </p>
    </div>
  );
}
