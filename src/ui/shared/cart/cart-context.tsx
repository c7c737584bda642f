import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { useNavigate } from 'react-router';
import { M } from '../../../contracts/messages';
import {
  acceptPriceChanges,
  addToCart,
  removeLine,
  setLineQuantity,
  setSupplierComment,
  setSupplierExcluded,
  setSupplierPayment,
  type CartProductInput,
  type StockKnown,
} from '../../../db/commands/cart';
import type { AppDatabase } from '../../../db/database';
import { knownStockOfLine, watchCart } from '../../../db/queries/cart';
import type { CartCommandResult, CartScope, CartView, PaymentMethodId, PriceChangeView } from '../../../db/queries/cart-view';
import { systemClock } from '../../../domain/clock';
import { checkCartStock } from '../../../replication/cart-stock';
import { applyCartCoupon, removeCartCoupon, syncCartTotals } from '../../../replication/cart-totals';
import type { CartReplication } from '../../../replication/cart-replication';
import { replicateWhileLeader } from '../../../replication/sync-leadership';
import { paths } from '../../routes/paths';
import { getBrowserLiveEvents } from '../catalog-sync/browser-catalog-sync';
import { useDatabase } from '../database/database-provider';
import { useObservable } from '../database/use-observable';
import { useNotify } from '../notifications/notifications';
import { errorText } from '../session/error-message';
import { useSession, useSessionController } from '../session/session-context';

/** docs/product-rules.md §8, to the letter. */
const TEXT = {
  added: msg`Product has been added to the cart!`,
  updated: msg`Product quantity has been updated!`,
  volatile: msg`The system is not sure about the stock quantity (volatile). Product has been added to the cart for pre-reservation.`,
  proceed: msg`Proceed to checkout`,
};

export interface CartActions {
  /** Adds and says so in a notification (the product-rules texts); answers the command's result. */
  add(product: CartProductInput, qty: number, stock: StockKnown): Promise<CartCommandResult>;
  setQuantity(lineId: string, qty: number): Promise<CartCommandResult>;
  remove(lineId: string): Promise<CartCommandResult>;
  setPayment(supplierId: string, method: PaymentMethodId): Promise<CartCommandResult>;
  setComment(supplierId: string, comment: string): Promise<CartCommandResult>;
  setExcluded(supplierId: string, excluded: boolean): Promise<CartCommandResult>;
  acceptPrices(changes: readonly PriceChangeView[]): Promise<void>;
  /** Checks the stock of every line with the bridge (after an add); offline it stays as it is. */
  refreshStock(): void;
  /** When the cart opens: stock, totals and payment methods (credit terms may have changed) from the bridge. */
  refreshOnOpen(): void;
  /** Applies a coupon on the bridge; answers null, or the translated reason it was refused. */
  applyCoupon(code: string): Promise<string | null>;
  removeCoupon(): Promise<string | null>;
}

/** How long applying a coupon waits for the device's latest edits to reach the bridge, which judges the coupon on them. */
const COUPON_SYNC_WAIT_MS = 3000;
/** While the bridge has not received the latest edits, its totals are asked again this often, a few times. */
const TOTALS_RETRY_MS = 1500;
const TOTALS_RETRIES = 4;

interface CartContextValue {
  view: CartView | undefined;
  actions: CartActions | null;
  open: boolean;
  setOpen(open: boolean): void;
}

const CartContext = createContext<CartContextValue>({ view: undefined, actions: null, open: false, setOpen: () => undefined });

/**
 * Whose cart the layout shows: the same object for as long as the customer's and the buyer's ids stay the same. A
 * profile read again (after a reload, an address confirmed) replaces the customer object; a new scope would start
 * the cart's view again, and a page waiting on it (the checkout) would unmount what it shows, a half-filled form
 * with it.
 */
export function useCartScope(): CartScope | null {
  const { customer, selectedBuyerId, status } = useSession();
  const customerId = status === 'authenticated' ? customer?.id : undefined;
  return useMemo<CartScope | null>(
    () => (customerId && selectedBuyerId ? { customerId, buyerId: selectedBuyerId } : null),
    [customerId, selectedBuyerId],
  );
}

/**
 * The signed-in customer's cart for the selected buyer (decision 018): read live from the local database,
 * changed by the cart commands, replicated with the bridge while this layout is mounted. Switching buyer
 * switches cart; signing out stops the replication and shows nobody else's lines.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const db = useDatabase();
  const controller = useSessionController();
  const scope = useCartScope();
  const [open, setOpen] = useState(false);
  const view = useObservable(() => (db && scope ? watchCart(db, scope, () => systemClock.now()) : null), [db, scope]);

  const client = controller.bridge.client;
  const replicationRef = useRef<CartReplication | null>(null);
  const [reconnects, setReconnects] = useState(0);
  useEffect(() => {
    if (!db || !scope) return undefined;
    // RxDB's replication plugin is part of the database chunk, outside the initial bundle (decision 030); by the
    // time a database is open it is loaded, so this import costs no round trip. Only the leader tab replicates;
    // leadership moves when a leader is frozen (decision 032 §3).
    const stopReplication = replicateWhileLeader(
      () =>
        import('../../../replication/cart-replication').then(
          ({ startCartReplication }) =>
            () =>
              startCartReplication(db, client, scope, { live$: getBrowserLiveEvents(controller.bridge), waitForLeadership: false }),
        ),
      replicationRef,
    );
    const stock = (): void => {
      checkCartStock(db, client, scope, systemClock.now()).catch(() => undefined);
    };
    const online = (): void => {
      replicationRef.current?.reSync();
      stock();
      setReconnects((n) => n + 1);
    };
    stock();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      stopReplication();
    };
  }, [db, scope, client, controller]);

  // Totals follow the cart hash: asked of the bridge when it changes (and after reconnecting), kept when
  // the bridge answered for this very cart. Offline the device's own computation stands.
  const hash = view?.hash;
  useEffect(() => {
    if (!db || !scope || hash === undefined) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const attempt = (left: number): void => {
      if (stopped || !navigator.onLine) return;
      syncCartTotals(db, client, scope, systemClock.now())
        .then((outcome) => {
          if (outcome === 'behind' && left > 0 && !stopped) timer = setTimeout(() => attempt(left - 1), TOTALS_RETRY_MS);
        })
        .catch(() => undefined);
    };
    timer = setTimeout(() => attempt(TOTALS_RETRIES), 300);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [db, scope, client, hash, reconnects]);

  const refreshStock = useCallback(() => {
    if (db && scope) checkCartStock(db, client, scope, systemClock.now()).catch(() => undefined);
  }, [db, scope, client]);
  const coupons = useMemo(() => {
    if (!db || !scope) return null;
    const settle = async (): Promise<void> => {
      const replication = replicationRef.current;
      if (!replication) return;
      await Promise.race([replication.awaitInSync(), new Promise((resolve) => setTimeout(resolve, COUPON_SYNC_WAIT_MS))]);
    };
    return {
      apply: async (code: string) => {
        // Offline the call fails at once with the network message; waiting for the replication would only delay it.
        if (navigator.onLine) await settle();
        await applyCartCoupon(db, client, scope, code, systemClock.now());
      },
      remove: () => removeCartCoupon(db, client, scope, systemClock.now()),
    };
  }, [db, scope, client]);
  const refreshOnOpen = useCallback(() => {
    refreshStock();
    if (db && scope) syncCartTotals(db, client, scope, systemClock.now(), { force: true }).catch(() => undefined);
  }, [db, scope, client, refreshStock]);
  const refresh = useMemo(() => ({ refreshStock, refreshOnOpen }), [refreshStock, refreshOnOpen]);
  const actions = useCartActions(db, scope, refresh, coupons);
  const value = useMemo(() => ({ view, actions, open, setOpen }), [view, actions, open]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

interface CouponCalls {
  apply(code: string): Promise<void>;
  remove(): Promise<void>;
}

function useCartActions(
  db: AppDatabase | null,
  scope: CartScope | null,
  refresh: { refreshStock: () => void; refreshOnOpen: () => void },
  coupons: CouponCalls | null,
): CartActions | null {
  const notify = useNotify();
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const report = useCallback(
    (result: CartCommandResult): CartCommandResult => {
      if (result.ok) {
        const proceed = { label: i18n._(TEXT.proceed), onClick: () => void navigate(paths.checkout) };
        if (result.notice === 'added') notify({ type: 'success', message: i18n._(TEXT.added), action: proceed });
        if (result.notice === 'updated') notify({ type: 'success', message: i18n._(TEXT.updated), action: proceed });
        if (result.notice === 'volatile') notify({ type: 'warning', message: i18n._(TEXT.volatile), action: proceed });
        return result;
      }
      notify({ type: 'error', message: cartErrorText(i18n._.bind(i18n), result) });
      return result;
    },
    [notify, i18n, navigate],
  );
  const bridgeCall = useCallback(
    async (call: () => Promise<void>): Promise<string | null> => {
      try {
        await call();
        return null;
      } catch (error) {
        return errorText(i18n, error);
      }
    },
    [i18n],
  );
  return useMemo(() => {
    if (!db || !scope || !coupons) return null;
    const now = () => systemClock.now();
    return {
      add: async (product, qty, stock) => {
        const result = report(await addToCart(db, scope, product, qty, stock, now()));
        if (result.ok) refresh.refreshStock();
        return result;
      },
      setQuantity: async (lineId, qty) => {
        const result = await setLineQuantity(db, scope, lineId, qty, await knownStockOfLine(db, lineId), now());
        return result.ok ? result : report(result);
      },
      remove: (lineId) => removeLine(db, scope, lineId),
      setPayment: (supplierId, method) => setSupplierPayment(db, scope, supplierId, method, now()),
      setComment: (supplierId, comment) => setSupplierComment(db, scope, supplierId, comment, now()),
      setExcluded: (supplierId, excluded) => setSupplierExcluded(db, scope, supplierId, excluded, now()),
      acceptPrices: async (changes) => {
        await acceptPriceChanges(db, scope, changes, now());
      },
      ...refresh,
      applyCoupon: (code) => bridgeCall(() => coupons.apply(code)),
      removeCoupon: () => bridgeCall(() => coupons.remove()),
    };
  }, [db, scope, report, refresh, coupons, bridgeCall]);
}

/** The product-rules message of a refused cart command. */
export function cartErrorText(translate: (id: string, values?: Record<string, unknown>) => string, result: CartCommandResult): string {
  if (result.ok) return '';
  switch (result.error) {
    case 'out_of_stock':
      return translate(M.outOfStock);
    case 'price_unknown':
      return translate(M.priceUnknown);
    case 'max_quantity':
      return translate(M.onlyAvailable, { maxQuantity: result.maxQuantity ?? 0 });
    case 'comment_too_long':
      return translate(M.cartCommentTooLong);
    default:
      return translate(M.invalidRequest);
  }
}

export function useCart(): CartContextValue {
  return useContext(CartContext);
}
