import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { JoinRequest, JoinRequestDecision } from '../../../contracts/auth';
import { decideJoinRequest, listJoinRequests } from '../../../replication/account-proof-api';
import { Button } from '../../components/button';
import { errorText } from '../../shared/session/error-message';
import { useSessionController } from '../../shared/session/session-context';
import { useFormatDateTime } from '../../shared/i18n/use-formatters';
import card from '../../components/card.module.css';
import styles from './join-requests.module.css';

type Load = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'loaded'; requests: JoinRequest[] };
type Said = { tone: 'success' | 'error'; text: string } | null;

function useJoinRequests(buyerId: string): [Load, (id: string) => void] {
  const { i18n } = useLingui();
  const { bridge } = useSessionController();
  // The list is keyed by buyer, so another company starts from 'loading' with a fresh state.
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    listJoinRequests(bridge.client, buyerId).then(
      (requests) => current && setLoad({ state: 'loaded', requests }),
      (error: unknown) => current && setLoad({ state: 'failed', text: errorText(i18n, error) }),
    );
    return () => {
      current = false;
    };
  }, [bridge, buyerId, i18n]);
  const remove = (id: string) =>
    setLoad((prev) => (prev.state === 'loaded' ? { state: 'loaded', requests: prev.requests.filter((r) => r.id !== id) } : prev));
  return [load, remove];
}

function RequestItem(props: { request: JoinRequest; busy: boolean; onDecide(decision: JoinRequestDecision): void }) {
  const { t } = useLingui();
  const formatDateTime = useFormatDateTime();
  const { request, busy, onDecide } = props;
  const name = `${request.firstname} ${request.lastname}`;
  const when = formatDateTime(new Date(request.created_at));
  return (
    <li className={`${card.card} ${styles.item}`}>
      <p className={styles.who}>
        <span className={styles.name}>{name}</span>
        <span className={styles.detail}>{request.email}</span>
        <span className={styles.detail}>{t`Asked on ${when}`}</span>
      </p>
      <div className={styles.actions}>
        <Button variant="primary" busy={busy} aria-label={t`Approve ${name}`} onClick={() => onDecide('approve')}>
          {t`Approve`}
        </Button>
        <Button variant="danger" busy={busy} aria-label={t`Reject ${name}`} onClick={() => onDecide('reject')}>
          {t`Reject`}
        </Button>
      </div>
    </li>
  );
}

/** The pending requests of one buyer, each approved or rejected in place. */
export function JoinRequestList({ buyerId }: { buyerId: string }) {
  const { t, i18n } = useLingui();
  const { bridge } = useSessionController();
  const [load, remove] = useJoinRequests(buyerId);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [said, setSaid] = useState<Said>(null);

  const decide = async (request: JoinRequest, decision: JoinRequestDecision) => {
    setBusyId(request.id);
    setSaid(null);
    try {
      const text = await decideJoinRequest(bridge.client, buyerId, request.id, decision);
      remove(request.id);
      setSaid({ tone: 'success', text: i18n._(text) });
    } catch (error) {
      setSaid({ tone: 'error', text: errorText(i18n, error) });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <>
      <p role="status" className={styles.status}>
        {load.state === 'loading' ? t`Loading requests…` : said?.tone === 'success' ? said.text : null}
      </p>
      <p role="alert" className={styles.alert}>
        {load.state === 'failed' ? load.text : said?.tone === 'error' ? said.text : null}
      </p>
      {load.state === 'loaded' && load.requests.length === 0 ? <p>{t`No one is waiting to join.`}</p> : null}
      {load.state === 'loaded' && load.requests.length > 0 ? (
        <ul className={styles.list} aria-label={t`Requests to join`}>
          {load.requests.map((request) => (
            <RequestItem
              key={request.id}
              request={request}
              busy={busyId === request.id}
              onDecide={(decision) => void decide(request, decision)}
            />
          ))}
        </ul>
      ) : null}
    </>
  );
}
