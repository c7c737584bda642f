import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button';
import { errorText } from '../../shared/session/error-message';
import { useSession } from '../../shared/session/session-context';
import styles from './admin.module.css';

/** While an administrator is logged in as this customer (docs/decisions/025-admin-login-as.md): who, and the way back. */
export function LoginAsBanner() {
  const { t, i18n } = useLingui();
  const { adminId, customer, logoutAs } = useSession();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!adminId || !customer) return null;
  const name = `${customer.firstname} ${customer.lastname}`.trim() || customer.email;
  const back = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await logoutAs();
    } catch (error) {
      setFailure(errorText(i18n, error));
      setBusy(false);
    }
  };
  return (
    <section className={styles.banner} aria-label={t`Logged in as a customer`}>
      <p className={styles.bannerText}>
        <Trans>You are logged in as {name}</Trans>
      </p>
      <Button variant="secondary" onClick={() => void back()} disabled={busy}>
        <Trans>Back to my account</Trans>
      </Button>
      {failure ? (
        <p role="alert" className={styles.bannerError}>
          {failure}
        </p>
      ) : null}
    </section>
  );
}
