import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { ButtonLink } from '../../components/button-link';
import { paths } from '../../routes/paths';
import card from '../../components/card.module.css';
import styles from './offline-redirect.module.css';

/** docs/product-rules.md §2: redirect countdowns are 10 seconds to home (5 to login). */
export const OFFLINE_HOME_REDIRECT_SECONDS = 10;

interface OfflineRedirectProps {
  /** Seconds before going home; the product rules' 10 unless a caller has a reason. */
  seconds?: number;
}

/**
 * What a product, category or page that is not in the local replica shows offline (docs/product-rules.md §2): a
 * notice with a live countdown, a link to leave at once, then a history-replacing navigation home
 * (Back should not land on the unavailable page again).
 */
export function OfflineRedirect({ seconds = OFFLINE_HOME_REDIRECT_SECONDS }: OfflineRedirectProps) {
  const navigate = useNavigate();
  const [remaining, setRemaining] = useState(seconds);

  useEffect(() => {
    // Counted against a deadline, not by chained 1 s timers, so a throttled background tab stays on time.
    const deadline = Date.now() + seconds * 1000;
    const timer = setInterval(() => setRemaining(Math.max(0, Math.ceil((deadline - Date.now()) / 1000))), 250);
    return () => clearInterval(timer);
  }, [seconds]);

  useEffect(() => {
    if (remaining <= 0) void navigate(paths.home, { replace: true });
  }, [remaining, navigate]);

  return (
    <section className={`${card.card} ${card.spacious} ${styles.box}`}>
      <p className={styles.text} role="status" aria-atomic="true">
        <Trans>This page is not available offline. Going to the home page in {remaining} s</Trans>
      </p>
      <ButtonLink variant="primary" to={paths.home} replace>
        <Trans>Go home now</Trans>
      </ButtonLink>
    </section>
  );
}
