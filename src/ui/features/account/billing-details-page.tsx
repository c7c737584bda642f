import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { saveBilling } from '../../../db/commands/addresses';
import { observeBilling, type BillingView } from '../../../db/queries/addresses';
import { systemClock } from '../../../domain/clock';
import { companyFromRegistry } from '../../../replication/buyer-data-api';
import { isBridgeError } from '../../../replication/bridge-error';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { BillingDialog } from '../../shared/buyer-data/billing-dialog';
import { BillingLines } from '../../shared/buyer-data/buyer-data-lines';
import { useDatabase } from '../../shared/database/database-provider';
import { useObservable } from '../../shared/database/use-observable';
import { useNotify } from '../../shared/notifications/notifications';
import { useOrderQueue } from '../../shared/orders/order-queue-context';
import { useSession, useSessionController } from '../../shared/session/session-context';
import styles from './account.module.css';

/**
 * `/my-account/billing-details`: what the company's invoices are issued to. Edited in the billing modal
 * (offline too, sent by the outbox), or refreshed from the company registry by the tax number (online).
 */
export function Component() {
  const { t, i18n } = useLingui();
  const db = useDatabase();
  const queue = useOrderQueue();
  const notify = useNotify();
  const client = useSessionController().bridge.client;
  const { customer, buyers, selectedBuyerId } = useSession();
  const buyer = buyers.find((b) => b.id === selectedBuyerId);
  const billing = useObservable(() => (db && buyer ? observeBilling(db, buyer.id) : null), [db, buyer?.id]);
  const [editing, setEditing] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  if (!db || !customer || !buyer) return null;
  const scope = { customerId: customer.id, buyerId: buyer.id };
  const details: BillingView['details'] = billing?.details ?? {
    company: buyer.company,
    afm: buyer.afm,
    tax_office: '',
    street: '',
    city: '',
    postcode: '',
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      const company = await companyFromRegistry(client, buyer.id);
      await saveBilling(
        db,
        scope,
        {
          company: company.legal_name,
          afm: company.afm,
          tax_office: company.tax_office,
          street: company.street,
          city: company.city,
          postcode: company.postcode,
        },
        systemClock.now(),
      );
      queue?.sendOutbox().catch(() => undefined);
      notify({ type: 'success', message: t`The company data was refreshed from the registry.` });
    } catch (error) {
      notify({ type: 'error', message: i18n._(isBridgeError(error) ? error.description : t`Something went wrong`) });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeading>{t`Billing details`}</PageHeading>
      <p>{t`Invoices for the company's orders are issued to these details.`}</p>
      <BillingLines billing={details} />
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => setEditing(true)}>
          <Trans>Edit billing details</Trans>
        </Button>
        <Button busy={refreshing} onClick={() => void refresh()}>
          <Trans>Refresh from the company registry</Trans>
        </Button>
      </div>
      {editing ? (
        <BillingDialog
          billing={details}
          onClose={() => setEditing(false)}
          onSave={async (values) => {
            await saveBilling(db, scope, values, systemClock.now());
            setEditing(false);
            queue?.sendOutbox().catch(() => undefined);
          }}
        />
      ) : null}
    </div>
  );
}
