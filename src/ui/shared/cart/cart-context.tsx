import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
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
import { startCartReplication } from '../../../replication/cart-replication';
import { checkCartStock } from '../../../replication/cart-stock';
import { paths } from '../../routes/paths';
import { useDatabase } from '../database/database-provider';
import { useObservable } from '../database/use-observable';
import { useNotify } from '../notifications/notifications';
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
  /** Checks the stock of every line with the bridge (when the cart opens); offline it stays as it is. */
  refreshStock(): void;
}

interface CartContextValue {
  view: CartView | undefined;
  actions: CartActions | null;
  open: boolean;
  setOpen(open: boolean): void;
}

const CartContext = createContext<CartContextValue>({ view: undefined, actions: null, open: false, setOpen: () => undefined });

/**
 * The signed-in customer's cart for the selected buyer (decision 018): read live from the local database,
 * changed by the cart commands, replicated with the bridge while this layout is mounted. Switching buyer
 * switches cart; signing out stops the replication and shows nobody else's lines.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const db = useDatabase();
  const { customer, selectedBuyerId, status } = useSession();
  const controller = useSessionController();
  const scope = useMemo<CartScope | null>(
    () => (status === 'authenticated' && customer && selectedBuyerId ? { customerId: customer.id, buyerId: selectedBuyerId } : null),
    [status, customer, selectedBuyerId],
  );
  const [open, setOpen] = useState(false);
  const view = useObservable(() => (db && scope ? watchCart(db, scope, () => systemClock.now()) : null), [db, scope]);

  const client = controller.bridge.client;
  useEffect(() => {
    if (!db || !scope) return undefined;
    const replication = startCartReplication(db, client, scope);
    const stock = (): void => {
      checkCartStock(db, client, scope, systemClock.now()).catch(() => undefined);
    };
    const online = (): void => {
      replication.reSync();
      stock();
    };
    stock();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      void replication.stop();
    };
  }, [db, scope, client]);

  const refreshStock = useCallback(() => {
    if (db && scope) checkCartStock(db, client, scope, systemClock.now()).catch(() => undefined);
  }, [db, scope, client]);
  const actions = useCartActions(db, scope, refreshStock);
  const value = useMemo(() => ({ view, actions, open, setOpen }), [view, actions, open]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

function useCartActions(db: AppDatabase | null, scope: CartScope | null, refreshStock: () => void): CartActions | null {
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
  return useMemo(() => {
    if (!db || !scope) return null;
    const now = () => systemClock.now();
    return {
      add: async (product, qty, stock) => {
        const result = report(await addToCart(db, scope, product, qty, stock, now()));
        if (result.ok) refreshStock();
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
      refreshStock,
    };
  }, [db, scope, report, refreshStock]);
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
