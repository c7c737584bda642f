import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { filter } from 'rxjs';
import { M } from '../../../contracts/messages';
import { placeCartOrders, type PlaceCartInput, type PlaceCartResult } from '../../../db/commands/orders';
import { observeQueuedOrders, type OrderView } from '../../../db/queries/orders';
import { systemClock } from '../../../domain/clock';
import { pullAddresses, pullBilling } from '../../../replication/address-pull';
import { pullCreditTerms } from '../../../replication/credit-terms-pull';
import { pullOrders } from '../../../replication/order-pull';
import { sendQueuedOrders, type QueueRun } from '../../../replication/order-queue';
import { handOrdersToServiceWorker } from '../../../replication/order-sync-message';
import { sendSyncTasks } from '../../../replication/sync-task-queue';
import { concernsOrders } from '../../../replication/live-events';
import { browserSyncLeadership } from '../../../replication/sync-leadership';
import { getBrowserLiveEvents } from '../catalog-sync/browser-catalog-sync';
import { useDatabase } from '../database/database-provider';
import { useObservable } from '../database/use-observable';
import { useNotify } from '../notifications/notifications';
import { useSession, useSessionController } from '../session/session-context';
// The address people write to when the bridge cannot take an order (docs/product-rules.md §8).
import { SUPPORT_EMAIL } from '../contact/support-contact';

/** docs/product-rules.md §8, to the letter. */
const TEXT = {
  waiting: msg`Order waiting!`,
  invalid: msg`Internal validation error. Please check if all required fields are filled in. Please contact us on ${SUPPORT_EMAIL}`,
};

/** How often the buyer's orders are pulled while the page is visible and online (statuses set elsewhere). */
const PULL_EVERY_MS = 30_000;

export interface OrderQueueValue {
  /** The signed-in customer's orders still on the device, oldest first; undefined until read. */
  queued: OrderView[] | undefined;
  /** True while orders are being sent ("Processing order..."). */
  sending: boolean;
  /** False when the browser may delete this site's data (orders on the device are then at risk). */
  persistent: boolean | undefined;
  /** Back online with orders waiting: the prompt asking to send them now is due. */
  reconnectPrompt: boolean;
  dismissReconnectPrompt(): void;
  /** Places the cart: one order per supplier, queued on the device, sent at once when online. */
  place(input: Omit<PlaceCartInput, 'scope' | 'now'>): Promise<PlaceCartResult | null>;
  /** Sends what waits now; resolves with the outcome (null when nobody is signed in). */
  sendNow(): Promise<QueueRun | null>;
  /** Sends the outbox of buyer data and requests now (not the orders). */
  sendOutbox(): Promise<void>;
}

const OrderQueueContext = createContext<OrderQueueValue | null>(null);

/** The customer and buyer each open database last started the queue for (see the start effect below). */
const startedFor = new WeakMap<object, string>();

/** Runs `work` while this tab holds the named Web Lock (at once where the browser has no Web Locks). */
function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(name, work) as Promise<T>) : work();
}

/** One tab sends at a time; the bridge would store each order once anyway. */
const withQueueLock = <T,>(work: () => Promise<T>): Promise<T> => withLock('b2b.order-queue', work);
const withOutboxLock = <T,>(work: () => Promise<T>): Promise<T> => withLock('b2b.outbox', work);

/**
 * The order queue of the signed-in customer (docs/decisions/020-orders.md): sends at start, after placing,
 * and when the connection returns once the buyer agrees; pulls the buyer's orders for their statuses.
 */
export function OrderQueueProvider({ children }: { children: ReactNode }) {
  const db = useDatabase();
  const { customer, selectedBuyerId, status } = useSession();
  const controller = useSessionController();
  const client = controller.bridge.client;
  const notify = useNotify();
  const { i18n } = useLingui();
  const customerId = status === 'authenticated' ? customer?.id : undefined;
  const scope = useMemo(
    () => (customerId && selectedBuyerId ? { customerId, buyerId: selectedBuyerId } : null),
    [customerId, selectedBuyerId],
  );
  const queued = useObservable(() => (db && customerId ? observeQueuedOrders(db, customerId) : null), [db, customerId]);
  const [sending, setSending] = useState(false);
  const [reconnectPrompt, setReconnectPrompt] = useState(false);
  // Without the StorageManager API (old browsers, some webviews) nothing keeps the data from eviction.
  const [persistent, setPersistent] = useState<boolean | undefined>(() =>
    typeof navigator !== 'undefined' && typeof navigator.storage?.persisted === 'function' ? undefined : false,
  );
  const queuedRef = useRef(0);
  useEffect(() => {
    queuedRef.current = queued?.length ?? 0;
  }, [queued]);

  const pull = useCallback(() => {
    if (!db || !scope || !navigator.onLine) return;
    pullOrders(db, client, scope).catch(() => undefined);
    pullAddresses(db, client, scope.buyerId, systemClock.now()).catch(() => undefined);
    pullBilling(db, client, scope, systemClock.now()).catch(() => undefined);
    pullCreditTerms(db, client, scope, () => systemClock.now()).catch(() => undefined);
  }, [db, scope, client]);

  /** The buyer data saved on the device (addresses, billing details) goes first: an order may name an address. */
  const sendOutbox = useCallback(async (): Promise<void> => {
    if (!db || !customerId) return;
    await sendSyncTasks(db, client, { customerId, now: () => systemClock.now(), lock: withOutboxLock }).catch(() => undefined);
  }, [db, customerId, client]);

  const sendNow = useCallback(async (): Promise<QueueRun | null> => {
    if (!db || !customerId) return null;
    setSending(true);
    try {
      await sendOutbox();
      const run = await sendQueuedOrders(db, client, { customerId, now: () => systemClock.now(), lock: withQueueLock });
      // No answer: the service worker gets the waiting orders, to send by Background Sync if every tab closes.
      if (run.stoppedBy?.kind === 'network') await handOrdersToServiceWorker(db, customerId).catch(() => false);
      if (run.stoppedBy && run.stoppedBy.code >= 500) notify({ type: 'error', message: i18n._(M.orderServerError) });
      if (run.refusals.includes(400)) notify({ type: 'error', message: i18n._(TEXT.invalid) });
      if (run.refusals.some((code) => code !== 400)) notify({ type: 'error', message: i18n._(M.orderNeedsChanges) });
      pull();
      return run;
    } finally {
      setSending(false);
    }
  }, [db, customerId, client, notify, i18n, pull, sendOutbox]);

  const place = useCallback(
    async (input: Omit<PlaceCartInput, 'scope' | 'now'>): Promise<PlaceCartResult | null> => {
      if (!db || !scope) return null;
      // Two tabs pressing "Place order" at once: one places, the other then finds the cart empty or the same
      // order waiting (its hash), so nothing is queued twice.
      const result = await withLock('b2b.place-order', () => placeCartOrders(db, { ...input, scope, now: systemClock.now() }));
      if (result.placed.length === 0) return result;
      if (!navigator.onLine) {
        notify({ type: 'info', message: i18n._(TEXT.waiting) });
        await handOrdersToServiceWorker(db, scope.customerId).catch(() => false);
        return result;
      }
      const run = await sendNow();
      if (run?.stoppedBy?.kind === 'network') notify({ type: 'info', message: i18n._(TEXT.waiting) });
      return result;
    },
    [db, scope, notify, i18n, sendNow],
  );

  // At start: send what waits (also where the browser has no Background Sync), then pull the history; once
  // per database, customer and buyer, not again when this provider mounts anew or its callbacks change.
  useEffect(() => {
    if (!db || !customerId) return undefined;
    const key = `${customerId}|${scope?.buyerId ?? ''}`;
    const start = setTimeout(() => {
      if (startedFor.get(db) === key) return;
      startedFor.set(db, key);
      // sendNow() pulls when it is done.
      if (navigator.onLine) void sendNow();
    }, 0);
    const online = (): void => {
      void sendOutbox().then(pull);
      if (queuedRef.current > 0) setReconnectPrompt(true);
    };
    window.addEventListener('online', online);
    return () => {
      clearTimeout(start);
      window.removeEventListener('online', online);
    };
  }, [db, customerId, scope, sendNow, sendOutbox, pull]);

  // The leader tab pulls when the bridge says one of the customer's orders moved (a status an administrator
  // or the supplier set), and every 30 s where live events cannot tell; the other tabs see what it writes.
  useEffect(() => {
    if (!db || !scope) return undefined;
    // Only while this tab leads; leadership moves when a leader is frozen (decision 032 §3).
    const end = browserSyncLeadership().whileLeader(() => {
      const live = getBrowserLiveEvents(controller.bridge)
        ?.pipe(filter((event) => concernsOrders(event, scope.buyerId)))
        .subscribe(() => pull());
      const timer = setInterval(() => {
        if (document.visibilityState === 'visible') pull();
      }, PULL_EVERY_MS);
      return () => {
        live?.unsubscribe();
        clearInterval(timer);
      };
    });
    return () => void end();
  }, [db, scope, controller, pull]);

  useEffect(() => {
    let cancelled = false;
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (typeof storage?.persisted !== 'function') return undefined;
    storage
      .persisted()
      .then((value) => !cancelled && setPersistent(value))
      .catch(() => !cancelled && setPersistent(false));
    return () => {
      cancelled = true;
    };
  }, []);

  const value = useMemo<OrderQueueValue>(
    () => ({
      queued,
      sending,
      persistent,
      reconnectPrompt,
      dismissReconnectPrompt: () => setReconnectPrompt(false),
      place,
      sendNow,
      sendOutbox,
    }),
    [queued, sending, persistent, reconnectPrompt, place, sendNow, sendOutbox],
  );
  return <OrderQueueContext.Provider value={value}>{children}</OrderQueueContext.Provider>;
}

export function useOrderQueue(): OrderQueueValue | null {
  return useContext(OrderQueueContext);
}

export const ORDER_QUEUE_TEXT = TEXT;
