import { useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { M } from '../../../contracts/messages';
import { PageHeading } from '../../components/page-heading';
import { FormAlert } from '../../components/form-alert';
import { useSession } from '../../shared/session/session-context';
import { JoinRequestList } from './join-request-list';
import styles from './join-requests.module.css';

/**
 * `/my-account/users/requests`: a super user approves or rejects people asking to join the company (later
 * part of the company users page). The mailed link names the company (`?buyer_id=`); it is used when the
 * customer belongs to it, else the selected company. The bridge decides who may see and decide.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const { customer, buyers, selectedBuyerId } = useSession();
  const [params] = useSearchParams();
  const linked = params.get('buyer_id');
  const buyer = buyers.find((b) => b.id === linked) ?? buyers.find((b) => b.id === selectedBuyerId);

  if (!customer) {
    return (
      <div className={styles.page}>
        <PageHeading>{t`Requests to join`}</PageHeading>
        <p role="status">{t`Loading…`}</p>
      </div>
    );
  }
  const company = buyer?.company ?? '';
  return (
    <div className={styles.page}>
      <PageHeading>{buyer ? t`Requests to join ${company}` : t`Requests to join`}</PageHeading>
      {!buyer ? <FormAlert tone="error">{i18n._(M.notMember)}</FormAlert> : null}
      {buyer && !buyer.isSuperUser ? <FormAlert tone="error">{i18n._(M.notSuperUser)}</FormAlert> : null}
      {buyer?.isSuperUser ? (
        <>
          <p className={styles.intro}>
            {t`These people created an account and confirmed their email address. Approved, they can order for the company as users (not super users).`}
          </p>
          <JoinRequestList key={buyer.id} buyerId={buyer.id} />
        </>
      ) : null}
    </div>
  );
}
