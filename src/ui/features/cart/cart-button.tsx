import { Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';
import { lazyPreloaded } from '../../components/lazy-preloaded';
import { useCart } from '../../shared/cart/cart-context';

/** The overlay (with its coupon form) is not in the first page's bundle; it loads in idle time or when opened (decision 030). */
const Microcart = lazyPreloaded(() => import('./microcart').then((m) => m.Microcart));
import styles from './cart.module.css';

/** The header's cart: the sum of quantities, opening the microcart overlay. */
export function CartButton() {
  const { t } = useLingui();
  const { view, actions, open, setOpen } = useCart();
  if (!actions) return null;
  const count = view?.count ?? 0;
  const label = count === 1 ? t`Cart, 1 item` : t`Cart, ${count} items`;
  return (
    <>
      <button
        type="button"
        className={styles.cartButton}
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          actions.refreshOnOpen();
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path
            d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 7H6.2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm8 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className={styles.count} data-testid="cart-count">
          {count}
        </span>
      </button>
      {open && view ? (
        <Suspense fallback={null}>
          <Microcart view={view} actions={actions} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
