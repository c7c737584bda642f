import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AddressFormOutput } from '../../../contracts/address';
import { saveAddress } from '../../../db/commands/addresses';
import { observeAddresses } from '../../../db/queries/addresses';
import type { AddressDoc } from '../../../db/schema/addresses';
import { systemClock } from '../../../domain/clock';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { AddressDialog } from '../../shared/buyer-data/address-dialog';
import { AddressLines } from '../../shared/buyer-data/buyer-data-lines';
import { useDatabase } from '../../shared/database/database-provider';
import { useObservable } from '../../shared/database/use-observable';
import { useNotify } from '../../shared/notifications/notifications';
import { useOrderQueue } from '../../shared/orders/order-queue-context';
import { useSession } from '../../shared/session/session-context';
import styles from './account.module.css';

/** docs/product-rules.md §5 address fields, as the form edits an address already saved. */
function formOf(a: AddressDoc, isDefault: boolean): AddressFormOutput {
  return {
    alias: a.alias,
    firstname: a.firstname,
    lastname: a.lastname,
    street: a.street,
    number: a.number,
    city: a.city,
    postcode: a.postcode,
    region: a.region,
    phone: a.phone,
    comment: a.comment,
    is_default: isDefault,
  };
}

/**
 * `/my-account/shipping-details`: the company's delivery addresses, the default first; add, edit, and choose the
 * default. Saved on the device (offline too) and sent to the bridge by the outbox, so every user of the company
 * and every checkout sees them.
 */
export function Component() {
  const { t } = useLingui();
  const db = useDatabase();
  const queue = useOrderQueue();
  const notify = useNotify();
  const { customer, selectedBuyerId } = useSession();
  const addresses = useObservable(() => (db && selectedBuyerId ? observeAddresses(db, selectedBuyerId) : null), [db, selectedBuyerId]);
  const [editing, setEditing] = useState<AddressDoc | 'new' | null>(null);
  if (!db || !customer || !selectedBuyerId) return null;
  const scope = { customerId: customer.id, buyerId: selectedBuyerId };

  const save = async (values: AddressFormOutput, id?: string) => {
    await saveAddress(db, scope, values, systemClock.now(), id);
    queue?.sendOutbox().catch(() => undefined);
  };
  const makeDefault = async (a: AddressDoc) => {
    await save(formOf(a, true), a.id);
    notify({ type: 'success', message: t`Default shipping address is updated successfully` });
  };

  return (
    <div className={styles.page}>
      <PageHeading>{t`Shipping details`}</PageHeading>
      {addresses === undefined ? (
        <p role="status">{t`Loading…`}</p>
      ) : addresses.length === 0 ? (
        <p>{t`You have no delivery address yet.`}</p>
      ) : (
        <ul className={styles.list} aria-label={t`Delivery addresses`}>
          {addresses.map((a) => (
            <li key={a.id} className={styles.item}>
              <span>
                <strong>{a.alias}</strong>
                {a.is_default ? <span className={styles.badge}>{t`Default`}</span> : null}
                <AddressLines address={a} />
              </span>
              <span className={styles.actions}>
                {a.is_default ? null : (
                  <Button size="small" onClick={() => void makeDefault(a)} aria-label={t`Make ${a.alias} the default address`}>
                    <Trans>Make default</Trans>
                  </Button>
                )}
                <Button size="small" onClick={() => setEditing(a)} aria-label={t`Edit address ${a.alias}`}>
                  <Trans>Edit</Trans>
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t`Add a new address`}
        </Button>
      </div>
      {editing ? (
        <AddressDialog
          address={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            await save(values, editing === 'new' ? undefined : editing.id);
            setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
