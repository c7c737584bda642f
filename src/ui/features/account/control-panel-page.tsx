import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { DeletionRequestState } from '../../../contracts/account-requests';
import { observeCreditTerms } from '../../../db/queries/credit-terms';
import { observeQueuedOrders } from '../../../db/queries/orders';
import { observeOutboxSummary } from '../../../db/queries/sync-tasks';
import { fetchDeletionRequest } from '../../../replication/account-requests-api';
import { listJoinRequests } from '../../../replication/account-proof-api';
import { listInvitations } from '../../../replication/company-users-api';
import card from '../../components/card.module.css';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { useDatabase } from '../../shared/database/database-provider';
import { useObservable } from '../../shared/database/use-observable';
import { useFormatDateTime } from '../../shared/i18n/use-formatters';
import { useSession, useSessionController } from '../../shared/session/session-context';
import styles from './account.module.css';

/** What only the bridge knows (join requests, invitations not accepted yet, an open deletion request); unknown offline. */
function useBridgeAttention(buyerId: string | null, superUser: boolean) {
  const controller = useSessionController();
  const [state, setState] = useState<{ joinRequests: number | null; invitations: number | null; deletion: DeletionRequestState }>({
    joinRequests: null,
    invitations: null,
    deletion: null,
  });
  const [online, setOnline] = useState(0);
  useEffect(() => {
    const again = () => setOnline((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  useEffect(() => {
    if (!navigator.onLine || !buyerId) return undefined;
    let stopped = false;
    const client = controller.bridge.client;
    void Promise.all([
      superUser
        ? listJoinRequests(client, buyerId).then(
            (list) => list.length,
            () => null,
          )
        : Promise.resolve(null),
      superUser
        ? listInvitations(client, buyerId).then(
            (list) => list.length,
            () => null,
          )
        : Promise.resolve(null),
      fetchDeletionRequest(client).catch(() => null),
    ]).then(([joinRequests, invitations, deletion]) => {
      if (!stopped) setState({ joinRequests, invitations, deletion });
    });
    return () => {
      stopped = true;
    };
  }, [controller, buyerId, superUser, online]);
  return state;
}

/**
 * `/my-account` and `/my-account/control-panel`: what needs the person's attention at the selected company (orders
 * waiting to be sent or to be changed, credit terms waiting for the supplier's answer, requests waiting in the outbox or refused, requests to join the company
 * and invitations not accepted yet for a super user, an open delete-account request), then every page of the account. What the device holds is shown
 * offline too; what only the bridge knows is asked when online.
 */
export function Component() {
  const { t } = useLingui();
  const db = useDatabase();
  const dateTime = useFormatDateTime();
  const { customer, buyers, selectedBuyerId } = useSession();
  const attentionId = useId();
  const pagesId = useId();
  const buyer = buyers.find((b) => b.id === selectedBuyerId);
  const superUser = buyer?.isSuperUser === true;
  const queued = useObservable(() => (db && customer ? observeQueuedOrders(db, customer.id) : null), [db, customer?.id]);
  const outbox = useObservable(
    () => (db && customer && selectedBuyerId ? observeOutboxSummary(db, customer.id, selectedBuyerId) : null),
    [db, customer?.id, selectedBuyerId],
  );
  const terms = useObservable(() => (db && selectedBuyerId ? observeCreditTerms(db, selectedBuyerId) : null), [db, selectedBuyerId]);
  const bridge = useBridgeAttention(selectedBuyerId, superUser);
  const pendingTerms = [...(terms?.values() ?? [])].filter((term) => term.status === 'pending').length;

  const ofBuyer = (queued ?? []).filter((o) => o.buyerId === selectedBuyerId);
  const held = ofBuyer.filter((o) => o.lastError?.code === 422).length;
  const waiting = ofBuyer.length - held;
  const items: { key: string; text: ReactNode; to?: string }[] = [];
  if (held > 0)
    items.push({
      key: 'held',
      to: paths.orders,
      text: (
        <Plural
          value={held}
          one="# order needs your changes before it can be sent"
          other="# orders need your changes before they can be sent"
        />
      ),
    });
  if (waiting > 0)
    items.push({
      key: 'waiting',
      to: paths.orders,
      text: <Plural value={waiting} one="# order is waiting to be sent" other="# orders are waiting to be sent" />,
    });
  if (pendingTerms > 0)
    items.push({
      key: 'credit',
      to: paths.creditTerms,
      text: (
        <Plural
          value={pendingTerms}
          one="# credit terms request waits for the supplier's answer"
          other="# credit terms requests wait for the suppliers' answers"
        />
      ),
    });
  if (outbox && outbox.refused > 0)
    items.push({
      key: 'refused',
      text: (
        <Plural value={outbox.refused} one="# change was refused by the marketplace" other="# changes were refused by the marketplace" />
      ),
    });
  if (outbox && outbox.waiting > 0)
    items.push({
      key: 'outbox',
      text: <Plural value={outbox.waiting} one="# request is waiting to be sent" other="# requests are waiting to be sent" />,
    });
  if (bridge.joinRequests)
    items.push({
      key: 'join',
      to: paths.joinRequests,
      text: <Plural value={bridge.joinRequests} one="# person asks to join your company" other="# people ask to join your company" />,
    });
  if (bridge.invitations)
    items.push({
      key: 'invitations',
      to: paths.users,
      text: (
        <Plural value={bridge.invitations} one="# invitation has not been accepted yet" other="# invitations have not been accepted yet" />
      ),
    });
  if (bridge.deletion)
    items.push({
      key: 'deletion',
      to: paths.myProfile,
      text: t`You asked to delete your account on ${dateTime(new Date(bridge.deletion.requested_at))}.`,
    });

  const pages: { to: string; label: string }[] = [
    { to: paths.myProfile, label: t`My profile` },
    { to: paths.orders, label: t`Orders` },
    { to: paths.favorites, label: t`Favourites` },
    { to: paths.priceAppearance, label: t`Price appearance` },
    { to: paths.communicationPreferences, label: t`Communication preferences` },
    { to: paths.shippingDetails, label: t`Shipping details` },
    { to: paths.billingDetails, label: t`Billing details` },
    { to: paths.creditTerms, label: t`Credit terms` },
    { to: paths.offlineImages, label: t`Offline images` },
    ...(superUser
      ? [
          { to: paths.users, label: t`Users` },
          { to: paths.joinRequests, label: t`Requests to join` },
        ]
      : []),
  ];

  return (
    <div className={styles.page}>
      <PageHeading>{t`Control panel`}</PageHeading>
      {buyer ? <p className={styles.hint}>{t`For ${buyer.company}`}</p> : null}
      <section className={`${card.card} ${card.roomy} ${styles.section}`} aria-labelledby={attentionId}>
        <h2 id={attentionId} className={styles.sectionHeading}>{t`Needs your attention`}</h2>
        {items.length === 0 ? (
          <p className={styles.hint}>
            <Trans>Nothing needs your attention.</Trans>
          </p>
        ) : (
          <ul className={styles.attention}>
            {items.map((item) => (
              <li key={item.key}>{item.to ? <Link to={item.to}>{item.text}</Link> : item.text}</li>
            ))}
          </ul>
        )}
      </section>
      <nav className={`${card.card} ${card.roomy} ${styles.section}`} aria-labelledby={pagesId}>
        <h2 id={pagesId} className={styles.sectionHeading}>{t`Your account`}</h2>
        <ul className={styles.pageLinks}>
          {pages.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
