import { useLingui } from '@lingui/react/macro';
import type { Customer } from '../../../contracts/auth';
import { useSession } from '../../shared/session/session-context';
import { ResendConfirmationButton } from './resend-confirmation-button';
import card from '../../components/card.module.css';
import styles from './account-notices.module.css';

function EmailConfirmationNotice({ email }: { email: string }) {
  const { t } = useLingui();
  return (
    <div className={`${card.card} ${card.notice}`}>
      <p className={styles.title}>{t`Please confirm your email address`}</p>
      <p className={styles.text}>{t`We sent a link to ${email}. Until you open it, you can browse the marketplace but not order.`}</p>
      <ResendConfirmationButton email={email} />
    </div>
  );
}

/** A signed-in customer of no company: waiting for a company to let them in, turned down, or neither. */
function MembershipNotice({ requests }: { requests: Customer['join_requests'] }) {
  const { t } = useLingui();
  const pending = requests.find((r) => r.status === 'pending');
  const rejected = requests.find((r) => r.status === 'rejected');
  if (pending) {
    const company = pending.company;
    return (
      <div className={`${card.card} ${card.notice}`}>
        <p className={styles.title}>{t`Waiting for approval by ${company}`}</p>
        <p className={styles.text}>
          {t`A super user of the company has to approve your request before you can order for it. We will email you when they decide.`}
        </p>
      </div>
    );
  }
  if (rejected) {
    const company = rejected.company;
    return (
      <div className={`${card.card} ${card.notice}`}>
        <p className={styles.title}>{t`Your request to join ${company} was not approved`}</p>
        <p className={styles.text}>{t`If you think this is a mistake, please contact the company.`}</p>
      </div>
    );
  }
  return (
    <div className={`${card.card} ${card.notice}`}>
      <p className={styles.title}>{t`Your account does not belong to a company yet`}</p>
      <p className={styles.text}>{t`You can browse the marketplace, but you can order only for a company you belong to.`}</p>
    </div>
  );
}

/**
 * What keeps a signed-in customer from ordering, above every page: an address still to confirm, and no
 * company to order for. Nothing is shown when neither applies.
 */
export function AccountNotices() {
  const { t } = useLingui();
  const { customer } = useSession();
  if (!customer) return null;
  const unconfirmed = !customer.email_confirmed;
  const companyless = customer.buyers.length === 0;
  if (!unconfirmed && !companyless) return null;
  return (
    <section className={styles.notices} aria-label={t`Account status`}>
      {unconfirmed ? <EmailConfirmationNotice email={customer.email} /> : null}
      {companyless ? <MembershipNotice requests={customer.join_requests} /> : null}
    </section>
  );
}
