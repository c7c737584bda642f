import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { askForCreditTerms } from '../../../db/commands/credit-terms';
import { observeCreditTerms, type CreditTermView } from '../../../db/queries/credit-terms';
import { supplierIndex } from '../../../db/queries/supplier-index';
import { syncTaskState } from '../../../db/queries/sync-tasks';
import type { SupplierDoc } from '../../../db/schema/suppliers';
import { systemClock } from '../../../domain/clock';
import { pullCreditTerms } from '../../../replication/credit-terms-pull';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { PageHeading } from '../../components/page-heading';
import { to } from '../../routes/paths';
import { useCatalogSnapshot } from '../../shared/catalog/use-catalog-snapshot';
import { useDatabase } from '../../shared/database/database-provider';
import { useObservable } from '../../shared/database/use-observable';
import { useNotify } from '../../shared/notifications/notifications';
import { useOrderQueue } from '../../shared/orders/order-queue-context';
import { useSession, useSessionController } from '../../shared/session/session-context';
import styles from './account.module.css';

/** Suppliers with a term first (the ones a person comes to check), then the others, each group by name. */
function byTermThenName(terms: ReadonlyMap<string, CreditTermView>) {
  return (a: SupplierDoc, b: SupplierDoc) => Number(terms.has(b.id)) - Number(terms.has(a.id)) || a.name_az.localeCompare(b.name_az);
}

/** A supplier may be asked unless a request waits for its answer or it approved credit already. */
const canAsk = (term: CreditTermView | undefined): boolean => !term || term.status === 'rejected' || (!!term.refusal && !term.waiting);

/**
 * `/my-account/credit-terms`: the suppliers of the catalogue with the buyer's credit term of each (none, pending,
 * approved, rejected; docs/decisions/023-credit-terms.md). Asking goes through the outbox, so it works offline: the
 * term shows as pending, waiting to be sent, until the bridge has it. An approved term makes credit a payment method
 * of the supplier's orders.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const db = useDatabase();
  const queue = useOrderQueue();
  const notify = useNotify();
  const client = useSessionController().bridge.client;
  const snapshot = useCatalogSnapshot();
  const { customer, selectedBuyerId } = useSession();
  const terms = useObservable(() => (db && selectedBuyerId ? observeCreditTerms(db, selectedBuyerId) : null), [db, selectedBuyerId]);
  const [asking, setAsking] = useState<SupplierDoc | null>(null);
  const customerId = customer?.id;

  // Approvals happen outside the storefront: the page asks the bridge when it opens (online).
  useEffect(() => {
    if (!db || !customerId || !selectedBuyerId || !navigator.onLine) return;
    pullCreditTerms(db, client, { customerId, buyerId: selectedBuyerId }, () => systemClock.now()).catch(() => undefined);
  }, [db, client, customerId, selectedBuyerId]);

  if (!db || !customerId || !selectedBuyerId) return null;
  const scope = { customerId, buyerId: selectedBuyerId };

  const ask = async (supplier: SupplierDoc) => {
    const task = await askForCreditTerms(db, scope, supplier.id, systemClock.now());
    setAsking(null);
    if (navigator.onLine) await queue?.sendOutbox();
    const left = await syncTaskState(db, task.id);
    if (left.state === 'done') {
      notify({ type: 'success', message: t`Your request has been sent.` });
      await pullCreditTerms(db, client, scope, () => systemClock.now()).catch(() => undefined);
    } else if (left.state === 'refused') notify({ type: 'error', message: i18n._(left.description || t`Something went wrong`) });
    else notify({ type: 'info', message: t`Your request is saved on this device and will be sent when the connection returns.` });
  };

  const suppliers = snapshot && terms ? [...supplierIndex(snapshot).listed].sort(byTermThenName(terms)) : undefined;
  return (
    <div className={styles.page}>
      <PageHeading>{t`Credit terms`}</PageHeading>
      <p>{t`Ask a supplier for credit terms. Once the supplier approves them, you can pay its orders on credit.`}</p>
      {suppliers === undefined || terms === undefined ? (
        <p role="status">{t`Loading…`}</p>
      ) : suppliers.length === 0 ? (
        <p>{t`There are no suppliers yet.`}</p>
      ) : (
        <ul className={styles.list} aria-label={t`Suppliers and their credit terms`}>
          {suppliers.map((s) => (
            <SupplierTerm key={s.id} supplier={s} term={terms.get(s.id)} onAsk={() => setAsking(s)} />
          ))}
        </ul>
      )}
      {asking ? (
        <Dialog
          title={t`Ask for credit terms`}
          description={t`Ask ${asking.name} for credit terms? The supplier reviews the request and approves or rejects it.`}
          onClose={() => setAsking(null)}
          footer={
            <>
              <Button onClick={() => setAsking(null)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant="primary" onClick={() => void ask(asking)}>
                <Trans>Send request</Trans>
              </Button>
            </>
          }
        >
          {asking.credit_terms?.offered && asking.credit_terms.days ? (
            <p>{t`${asking.name} offers credit for ${asking.credit_terms.days} days.`}</p>
          ) : null}
        </Dialog>
      ) : null}
    </div>
  );
}

function SupplierTerm({ supplier, term, onAsk }: { supplier: SupplierDoc; term: CreditTermView | undefined; onAsk(): void }) {
  const { t, i18n } = useLingui();
  const name = supplier.name;
  const days = supplier.credit_terms?.offered ? supplier.credit_terms.days : null;
  return (
    <li className={styles.item}>
      <span className={styles.termText}>
        <Link to={to.supplier(supplier.slug)}>
          <strong>{name}</strong>
        </Link>
        <span className={styles.hint}>{days ? t`Offers credit for ${days} days` : null}</span>
        <span className={styles.termStatus} data-status={term?.status ?? 'none'}>
          {!term
            ? t`No credit terms`
            : term.waiting
              ? t`Pending, waiting to be sent`
              : term.status === 'approved'
                ? t`Approved: you can pay on credit`
                : term.status === 'rejected'
                  ? t`Rejected`
                  : t`Pending`}
        </span>
        {term?.refusal ? (
          <span className={styles.error}>{t`The request was not accepted: ${i18n._(term.refusal || t`Something went wrong`)}`}</span>
        ) : null}
      </span>
      {canAsk(term) ? (
        <Button size="small" onClick={onAsk} aria-label={t`Ask ${name} for credit terms`}>
          <Trans>Ask for credit terms</Trans>
        </Button>
      ) : null}
    </li>
  );
}
