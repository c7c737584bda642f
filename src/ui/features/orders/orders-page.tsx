import { useId, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { orderAgain } from '../../../db/commands/reorder';
import { observeAddresses } from '../../../db/queries/addresses';
import { observeBuyerOrders, type OrderView } from '../../../db/queries/orders';
import { systemClock } from '../../../domain/clock';
import { filterOrderHistory, type HistoryFilters, type HistoryStatus } from '../../../domain/order/history';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { useCart } from '../../shared/cart/cart-context';
import { useDatabase } from '../../shared/database/database-provider';
import { useObservable } from '../../shared/database/use-observable';
import { useFormatDateTime, useFormatMoney } from '../../shared/i18n/use-formatters';
import { useNotify } from '../../shared/notifications/notifications';
import { useSession } from '../../shared/session/session-context';
import styles from './orders-page.module.css';
import { useOrderAvailability } from './order-availability';
import { WaitingOrderActions } from './waiting-order-actions';

const STATUSES: HistoryStatus[] = ['waiting', 'pending', 'pending_approval', 'accepted', 'canceled', 'closed'];

function useStatusLabel(): (status: HistoryStatus) => string {
  const { t } = useLingui();
  return (status) =>
    ({
      waiting: t`Waiting to be sent`,
      pending: t`Pending`,
      pending_approval: t`Pending approval`,
      accepted: t`Accepted`,
      canceled: t`Canceled`,
      closed: t`Closed`,
    })[status];
}

/** A date input's value (local day) as epoch ms: the start of that day, or its end for the "to" end. */
function dayBound(value: string, end: boolean): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00`);
  return end ? date.getTime() + 24 * 60 * 60 * 1000 - 1 : date.getTime();
}

/**
 * `/my-account/orders`: the buyer's orders from the device (works offline), with orders still waiting to be
 * sent; filters by status, dates, text (a leading # is ignored), who placed it (super users) and supplier;
 * newest first, 25 a page; each order's detail and "Order again".
 */
export function Component() {
  const { t } = useLingui();
  const db = useDatabase();
  const { customer, buyers, selectedBuyerId } = useSession();
  const buyer = buyers.find((b) => b.id === selectedBuyerId);
  const orders = useObservable(() => (db && buyer ? observeBuyerOrders(db, buyer.id) : null), [db, buyer?.id]);
  const addresses = useObservable(() => (db && buyer ? observeAddresses(db, buyer.id) : null), [db, buyer?.id]);
  const [filters, setFilters] = useState<HistoryFilters & { fromText: string; toText: string }>({ fromText: '', toText: '' });
  const set = (change: Partial<typeof filters>) => setFilters((current) => ({ ...current, page: 1, ...change }));
  const statusLabel = useStatusLabel();
  const searchId = useId();

  const page = useMemo(
    () =>
      filterOrderHistory(orders ?? [], {
        ...filters,
        from: dayBound(filters.fromText, false),
        to: dayBound(filters.toText, true),
      }),
    [orders, filters],
  );
  const people = useMemo(
    () =>
      uniqueBy(
        orders ?? [],
        (o) => o.customerId,
        (o) => o.customerName ?? o.customerId,
      ),
    [orders],
  );
  const suppliers = useMemo(
    () =>
      uniqueBy(
        orders ?? [],
        (o) => o.supplierId,
        (o) => o.supplierName,
      ),
    [orders],
  );

  return (
    <div className={styles.page}>
      <PageHeading>{t`Orders`}</PageHeading>
      <form className={styles.filters} role="search" onSubmit={(e) => e.preventDefault()}>
        <div className={styles.field}>
          <label htmlFor={searchId}>{t`Search orders`}</label>
          <input
            id={searchId}
            type="search"
            value={filters.search ?? ''}
            placeholder={t`Order number or product`}
            onChange={(e) => set({ search: e.target.value })}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${searchId}-from`}>{t`From`}</label>
          <input id={`${searchId}-from`} type="date" value={filters.fromText} onChange={(e) => set({ fromText: e.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${searchId}-to`}>{t`To`}</label>
          <input id={`${searchId}-to`} type="date" value={filters.toText} onChange={(e) => set({ toText: e.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${searchId}-supplier`}>{t`Supplier`}</label>
          <select
            id={`${searchId}-supplier`}
            value={filters.supplierId ?? ''}
            onChange={(e) => set({ supplierId: e.target.value || undefined })}
          >
            <option value="">{t`All suppliers`}</option>
            {suppliers.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {buyer?.isSuperUser ? (
          <div className={styles.field}>
            <label htmlFor={`${searchId}-user`}>{t`Placed by`}</label>
            <select
              id={`${searchId}-user`}
              value={filters.customerId ?? ''}
              onChange={(e) => set({ customerId: e.target.value || undefined })}
            >
              <option value="">{t`Everyone`}</option>
              {people.map(([id, name]) => (
                <option key={id} value={id}>
                  {id === customer?.id ? t`Me` : name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className={styles.field}>
          <label htmlFor={`${searchId}-sort`}>{t`Order date`}</label>
          <select
            id={`${searchId}-sort`}
            value={filters.sortOrder ?? 'desc'}
            onChange={(e) => set({ sortOrder: e.target.value === 'asc' ? 'asc' : 'desc' })}
          >
            <option value="desc">{t`Newest first`}</option>
            <option value="asc">{t`Oldest first`}</option>
          </select>
        </div>
        <fieldset className={styles.statuses}>
          <legend>{t`Status`}</legend>
          {STATUSES.map((status) => (
            <label key={status} className={styles.check}>
              <input
                type="checkbox"
                checked={filters.statuses?.includes(status) ?? false}
                onChange={(e) =>
                  set({
                    statuses: e.target.checked
                      ? [...(filters.statuses ?? []), status]
                      : (filters.statuses ?? []).filter((s) => s !== status),
                  })
                }
              />
              {statusLabel(status)}
            </label>
          ))}
        </fieldset>
      </form>
      {orders === undefined ? (
        <p role="status">{t`Loading…`}</p>
      ) : page.total === 0 ? (
        <p>{orders.length === 0 ? t`You have not placed any order yet.` : t`No order matches these filters.`}</p>
      ) : (
        <>
          <p className={styles.count} role="status">
            {page.total === 1 ? t`1 order` : t`${page.total} orders`}
          </p>
          <ul className={styles.list}>
            {page.items.map((order) => (
              <OrderRow key={order.id} order={order as OrderView} statusLabel={statusLabel} deliverTo={addresses?.[0]?.id} />
            ))}
          </ul>
          {page.pages > 1 ? (
            <nav className={styles.pager} aria-label={t`Pages of orders`}>
              <Button size="small" disabled={page.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: page.page - 1 }))}>
                <Trans>Previous</Trans>
              </Button>
              <span>{t`Page ${page.page} of ${page.pages}`}</span>
              <Button size="small" disabled={page.page >= page.pages} onClick={() => setFilters((f) => ({ ...f, page: page.page + 1 }))}>
                <Trans>Next</Trans>
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

function uniqueBy(orders: readonly OrderView[], key: (o: OrderView) => string, label: (o: OrderView) => string): [string, string][] {
  const seen = new Map<string, string>();
  for (const o of orders) if (!seen.has(key(o))) seen.set(key(o), label(o));
  return [...seen.entries()].sort((a, b) => a[1].localeCompare(b[1]));
}

function OrderRow({
  order,
  statusLabel,
  deliverTo,
}: {
  order: OrderView;
  statusLabel: (s: HistoryStatus) => string;
  /** The buyer's default delivery address: what "today" is checked against. */
  deliverTo: string | undefined;
}) {
  const { t, i18n } = useLingui();
  const money = useFormatMoney();
  const dateTime = useFormatDateTime();
  const db = useDatabase();
  const { customer, selectedBuyerId } = useSession();
  const { actions } = useCart();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const today = useOrderAvailability(order, selectedBuyerId, deliverTo, open);
  const availabilityText = (line: OrderView['lines'][number]): string => {
    const known = today?.get(line.lineId);
    if (!known) return '—';
    if (known.available === 'yes') return t`Available`;
    const max = known.max_qty ?? 0;
    return known.available === 'partly' ? t`Only ${max} available` : t`Not available`;
  };
  const number = order.backendOrderId ? `#${order.backendOrderId}` : t`Not sent yet`;
  const again = async () => {
    if (!db || !customer || !selectedBuyerId) return;
    const result = await orderAgain(db, { customerId: customer.id, buyerId: selectedBuyerId }, order, systemClock.now(), navigator.onLine);
    actions?.refreshStock();
    notify({
      type: result.skipped > 0 ? 'warning' : 'success',
      message:
        result.skipped > 0
          ? t`${result.added} products are back in your cart; ${result.skipped} could not be added (no longer available or out of stock).`
          : t`The products of this order are back in your cart.`,
    });
  };
  return (
    <li className={styles.order}>
      <div className={styles.orderHead}>
        <span className={styles.number}>{number}</span>
        <span>{dateTime(new Date(order.createdAt))}</span>
        <span>{order.supplierName}</span>
        <span className={styles.status} data-status={order.status}>
          {statusLabel(order.status)}
        </span>
        <strong>{money(order.total)}</strong>
      </div>
      {order.lastError ? <p className={styles.error}>{i18n._(order.lastError.description)}</p> : null}
      {order.status === 'waiting' ? <WaitingOrderActions order={order} /> : null}
      <div className={styles.actions}>
        <Button size="small" aria-expanded={open} aria-controls={detailId} onClick={() => setOpen((v) => !v)}>
          {open ? t`Hide details` : t`Details`}
        </Button>
        {/* An order still on the device goes back to the cart instead (its own actions above). */}
        {order.status !== 'waiting' ? (
          <Button size="small" onClick={() => void again()}>
            <Trans>Order again</Trans>
          </Button>
        ) : null}
      </div>
      {open ? (
        <div id={detailId} className={styles.detail}>
          {order.customerName ? <p>{t`Placed by ${order.customerName}`}</p> : null}
          {order.comment ? <p>{t`Comment: ${order.comment}`}</p> : null}
          <table className={styles.lines}>
            <caption className="visually-hidden">{t`Products of the order`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Product`}</th>
                <th scope="col">{t`Quantity`}</th>
                <th scope="col">{t`Unit price excl. VAT`}</th>
                {today ? <th scope="col">{t`Today`}</th> : null}
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.lineId || line.sku}>
                  <td>
                    {line.name} <span className={styles.sku}>{line.sku}</span>
                  </td>
                  <td>{line.qty}</td>
                  <td>{money(line.price)}</td>
                  {today ? <td data-availability={today.get(line.lineId)?.available}>{availabilityText(line)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </li>
  );
}
