import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { saveAddress, saveBilling } from '../../../db/commands/addresses';
import type { PlaceCartResult } from '../../../db/commands/orders';
import { deliveryAddressOf, observeAddresses, observeBilling, type BillingView } from '../../../db/queries/addresses';
import type { AddressDoc } from '../../../db/schema/addresses';
import type { OrderProblem } from '../../../contracts/order';
import { DEFAULT_SHIPPING } from '../../../domain/cart/totals';
import { switchCartAddress } from '../../../replication/delivery-api';
import { systemClock } from '../../../domain/clock';
import { freshCheckout, resumeCheckout, type CheckoutProgress, type CheckoutStep } from '../../../domain/order/checkout';
import { Button } from '../../components/button';
import { ButtonLink } from '../../components/button-link';
import { FormAlert } from '../../components/form-alert';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { useCart } from '../../shared/cart/cart-context';
import { SupplierPayment } from '../../shared/cart/supplier-payment';
import { useDatabase } from '../../shared/database/database-provider';
import { useObservable } from '../../shared/database/use-observable';
import { useFormatMoney } from '../../shared/i18n/use-formatters';
import { useOrderQueue } from '../../shared/orders/order-queue-context';
import { useSession, useSessionController } from '../../shared/session/session-context';
import { useProblemText } from '../../shared/orders/problem-text';
import { AddressDialog } from '../../shared/buyer-data/address-dialog';
import { BillingDialog } from '../../shared/buyer-data/billing-dialog';
import { AddressLines, BillingLines } from '../../shared/buyer-data/buyer-data-lines';
import { CheckoutReview } from './checkout-review';
import { ThankYou } from './thank-you';
import styles from './checkout.module.css';

const progressKey = (customerId: string, buyerId: string) => `b2b.checkout:${customerId}:${buyerId}`;

/** The checkout's place in its sections, kept for the checkout session (30 minutes since the last change). */
function useCheckoutProgress(key: string | null): [CheckoutProgress, (change: Partial<CheckoutProgress>) => void] {
  const read = useCallback((): CheckoutProgress => {
    const now = systemClock.now();
    if (!key) return freshCheckout(now);
    try {
      return resumeCheckout(JSON.parse(sessionStorage.getItem(key) ?? 'null'), now);
    } catch {
      return freshCheckout(now);
    }
  }, [key]);
  const [stored, setStored] = useState(() => ({ key, progress: read() }));
  // Another customer or company: that one's own progress.
  const progress = stored.key === key ? stored.progress : read();
  const update = useCallback(
    (change: Partial<CheckoutProgress>) => {
      setStored((current) => {
        const base = current.key === key ? current.progress : read();
        const next = { ...base, ...change, modifiedAt: systemClock.now() };
        if (key) sessionStorage.setItem(key, JSON.stringify(next));
        return { key, progress: next };
      });
    },
    [key, read],
  );
  return [progress, update];
}

/**
 * `/checkout` (docs/product-rules.md §2): a section stepper starting at 1 (delivery address, billing details,
 * shipping and payment per supplier, review), then "Place order" and the thank-you state. Everything works
 * offline: orders are queued on the device and sent when the connection returns.
 */
export function Component() {
  const { t } = useLingui();
  const db = useDatabase();
  const { customer, buyers, selectedBuyerId } = useSession();
  const { view, actions } = useCart();
  const queue = useOrderQueue();
  const buyer = buyers.find((b) => b.id === selectedBuyerId);
  const key = customer && buyer ? progressKey(customer.id, buyer.id) : null;
  const [progress, update] = useCheckoutProgress(key);
  const addresses = useObservable(() => (db && buyer ? observeAddresses(db, buyer.id) : null), [db, buyer?.id]);
  const controller = useSessionController();
  const [deliveryIssues, setDeliveryIssues] = useState<{ addressId: string; problems: OrderProblem[] } | null>(null);
  const billing = useObservable(() => (db && buyer ? observeBilling(db, buyer.id) : null), [db, buyer?.id]);
  const [editing, setEditing] = useState<AddressDoc | 'new' | null>(null);
  const [editingBilling, setEditingBilling] = useState(false);
  const [placed, setPlaced] = useState<PlaceCartResult | null>(null);
  const address = useMemo(() => addresses?.find((a) => a.id === progress.addressId) ?? addresses?.[0], [addresses, progress.addressId]);
  const suppliers = view?.suppliers.filter((s) => !s.excluded) ?? [];

  if (placed) return <ThankYou result={placed} />;
  if (!view || !actions || !queue || !buyer || !db) {
    return (
      <div className={styles.page}>
        <PageHeading>{t`Checkout`}</PageHeading>
        <p role="status">{t`Loading…`}</p>
      </div>
    );
  }
  if (view.lineCount === 0) {
    return (
      <div className={styles.page}>
        <PageHeading>{t`Checkout`}</PageHeading>
        <p>{t`Your cart is empty.`}</p>
        <ButtonLink to={paths.home}>{t`Continue shopping`}</ButtonLink>
      </div>
    );
  }

  const go = (step: CheckoutStep) => update({ step });
  // Another address: the bridge moves the cart there and says what cannot be delivered there as it is. Offline,
  // or for an address still on its way to the bridge, the order's own check says it when the order is sent.
  const chooseAddress = (next: AddressDoc) => {
    const previous = address?.id;
    update({ addressId: next.id });
    setDeliveryIssues(null);
    if (!navigator.onLine) return;
    switchCartAddress(controller.bridge.client, buyer.id, next.id, previous).then(
      (result) => setDeliveryIssues(result.problems.length > 0 ? { addressId: next.id, problems: result.problems } : null),
      () => undefined,
    );
  };
  const scope = { customerId: customer?.id ?? '', buyerId: buyer.id };
  const saveAndChoose = async (values: Parameters<typeof saveAddress>[2]) => {
    const saved = await saveAddress(db, scope, values, systemClock.now(), editing && editing !== 'new' ? editing.id : undefined);
    update({ addressId: saved.id });
    setEditing(null);
    queue.sendNow().catch(() => undefined);
  };
  // Until the bridge has sent them, the company the customer orders for, to be completed.
  const billingDetails: BillingView['details'] = billing?.details ?? {
    company: buyer.company,
    afm: buyer.afm,
    tax_office: '',
    street: '',
    city: '',
    postcode: '',
  };
  const billingValid = billing?.valid ?? null;

  return (
    <div className={styles.page}>
      <PageHeading>{t`Checkout`}</PageHeading>
      <ol className={styles.steps}>
        <Section
          step={1}
          current={progress.step}
          title={t`Delivery address`}
          onEdit={() => go(1)}
          summary={address ? <AddressLines address={address} /> : null}
        >
          {addresses && addresses.length > 0 ? (
            <fieldset className={styles.addresses}>
              <legend className="visually-hidden">{t`Delivery address`}</legend>
              {addresses.map((a) => (
                <div key={a.id} className={styles.addressChoice}>
                  <label className={styles.radio}>
                    <input type="radio" name="delivery-address" checked={address?.id === a.id} onChange={() => chooseAddress(a)} />
                    <span>
                      <strong>{a.alias}</strong>
                      {a.is_default ? <span className={styles.badge}>{t`Default`}</span> : null}
                      <AddressLines address={a} />
                    </span>
                  </label>
                  <Button size="small" onClick={() => setEditing(a)} aria-label={t`Edit address ${a.alias}`}>
                    <Trans>Edit</Trans>
                  </Button>
                </div>
              ))}
            </fieldset>
          ) : (
            <p>{t`You have no delivery address yet.`}</p>
          )}
          {deliveryIssues && deliveryIssues.addressId === address?.id ? (
            <DeliveryIssues problems={deliveryIssues.problems} lines={view.suppliers.flatMap((s) => s.lines)} />
          ) : null}
          <div className={styles.actions}>
            <Button onClick={() => setEditing('new')}>{t`Add a new address`}</Button>
            <Button variant="primary" disabled={!address} onClick={() => update({ step: 2, addressId: address?.id })}>
              {t`Continue`}
            </Button>
          </div>
        </Section>
        <Section
          step={2}
          current={progress.step}
          title={t`Billing details`}
          onEdit={() => go(2)}
          summary={
            <p className={styles.summaryText}>
              {billingDetails.company} · {t`Tax number`} {billingDetails.afm}
            </p>
          }
        >
          <BillingLines billing={billingDetails} />
          {billingValid ? (
            <p className={styles.muted}>{t`Invoices for these orders are issued to these details.`}</p>
          ) : billing ? (
            <FormAlert tone="error">{t`Please complete the billing details before you continue.`}</FormAlert>
          ) : (
            <p className={styles.muted}>{t`Invoices are issued to the company you order for.`}</p>
          )}
          <div className={styles.actions}>
            <Button onClick={() => setEditingBilling(true)}>{t`Edit billing details`}</Button>
            {/* Details not on this device yet: the order goes without them and the bridge invoices its record. */}
            <Button variant="primary" disabled={Boolean(billing) && !billingValid} onClick={() => go(3)}>
              {t`Continue`}
            </Button>
          </div>
        </Section>
        <Section step={3} current={progress.step} title={t`Shipping and payment`} onEdit={() => go(3)} summary={null}>
          {suppliers.map((supplier) => (
            <section key={supplier.supplierId} className={styles.supplier} aria-label={supplier.supplierName}>
              <h3 className={styles.supplierName}>{supplier.supplierName}</h3>
              <ShippingLine />
              <SupplierPayment supplier={supplier} actions={actions} />
            </section>
          ))}
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => go(4)}>
              {t`Continue`}
            </Button>
          </div>
        </Section>
        <Section step={4} current={progress.step} title={t`Review and place the order`} onEdit={() => go(4)} summary={null}>
          {address ? (
            <CheckoutReview
              view={view}
              actions={actions}
              onPlace={async () => {
                const result = await queue.place({
                  address: deliveryAddressOf(address),
                  shippingMethodCode: 'standard',
                  selectedAddressId: address.id,
                  billing: billingValid ?? undefined,
                });
                if (result && result.problems.length === 0) {
                  // The next checkout starts at section 1, with the address this order went to.
                  update({ step: 1 });
                  setPlaced(result);
                }
                return result;
              }}
            />
          ) : (
            <FormAlert tone="error">{t`Choose a delivery address first.`}</FormAlert>
          )}
        </Section>
      </ol>
      {editingBilling ? (
        <BillingDialog
          billing={billingDetails}
          onClose={() => setEditingBilling(false)}
          onSave={async (values) => {
            await saveBilling(db, scope, values, systemClock.now());
            setEditingBilling(false);
            queue.sendNow().catch(() => undefined);
          }}
        />
      ) : null}
      {editing ? (
        <AddressDialog address={editing === 'new' ? undefined : editing} onSave={saveAndChoose} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
}

function ShippingLine() {
  const money = useFormatMoney();
  return (
    <p className={styles.shipping}>
      <Trans>
        Standard delivery: {money(DEFAULT_SHIPPING.amount)} ({money(DEFAULT_SHIPPING.amountInclTax)} incl. VAT)
      </Trans>
    </p>
  );
}

function DeliveryIssues({ problems, lines }: { problems: OrderProblem[]; lines: readonly { id: string; sku: string; name: string }[] }) {
  const { t } = useLingui();
  const text = useProblemText(lines.map((l) => ({ lineId: l.id, sku: l.sku, name: l.name })));
  return (
    <FormAlert tone="error">
      <p>{t`Some products cannot be delivered to this address as they are:`}</p>
      <ul>
        {problems.map((p, i) => (
          <li key={i}>{text(p)}</li>
        ))}
      </ul>
    </FormAlert>
  );
}

function Section({
  step,
  current,
  title,
  summary,
  onEdit,
  children,
}: {
  step: CheckoutStep;
  current: CheckoutStep;
  title: string;
  summary: ReactNode;
  onEdit(): void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const state = step === current ? 'current' : step < current ? 'done' : 'later';
  return (
    <li className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
      <div className={styles.stepHead}>
        <span className={styles.stepNumber} aria-hidden="true">
          {step}
        </span>
        <h2 className={styles.stepTitle}>{title}</h2>
        {state === 'done' ? (
          <Button size="small" onClick={onEdit} aria-label={t`Change ${title}`}>
            <Trans>Change</Trans>
          </Button>
        ) : null}
      </div>
      {state === 'current' ? <div className={styles.stepBody}>{children}</div> : null}
      {state === 'done' && summary ? <div className={styles.stepSummary}>{summary}</div> : null}
    </li>
  );
}
