import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../components/button';
import { useSession } from '../shared/session/session-context';
import { paths, to } from '../routes/paths';
import { LogoutDialog } from './logout-dialog';
import narrow from '../styles/narrow-label.module.css';
import styles from './account-menu.module.css';

/** Admins only, and only when asked for: loads then (decision 030). */
const LoginAsDialog = lazy(() => import('../features/admin/login-as-dialog').then((m) => ({ default: m.LoginAsDialog })));

/** Disclosure (not an ARIA menu): a button that shows the customer, account links and "Log out". */
export function AccountMenu() {
  const { t } = useLingui();
  const { customer, adminId, adminMode, setAdminMode, buyers, selectedBuyerId, logout } = useSession();
  const [loginAsOpen, setLoginAsOpen] = useState(false);
  // Administrators only, and not while acting as someone (docs/decisions/025-admin-login-as.md); the
  // administration controls only in admin mode (docs/product-rules.md §4.8).
  const isAdmin = customer?.isAdmin === true && !adminId;
  const superUser = buyers.some((b) => b.id === selectedBuyerId && b.isSuperUser);
  const { pathname } = useLocation();
  // Remembering where it was opened closes the menu on navigation without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const [confirming, setConfirming] = useState(false);

  useCloseOnOutsideOrEscape(open, rootRef, () => {
    setOpen(false);
    buttonRef.current?.focus();
  });

  // The session shows "You're logged out" itself (docs/product-rules.md §4: unless the logout is silent).
  const onLogout = async () => {
    setOpen(false);
    await logout();
  };

  const fullName = customer ? `${customer.firstname} ${customer.lastname}`.trim() : '';
  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {initials(fullName || customer?.email || '')}
        </span>
        {/* The avatar alone until xl: with the Greek labels the buttons' row overflowed from md to lg. */}
        <span className={narrow.fromXl}>{t`My account`}</span>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {customer && (
          <p className={styles.who}>
            <span className={styles.name}>{fullName}</span>
            <span className={styles.email}>{customer.email}</span>
          </p>
        )}
        <ul className={styles.links}>
          <li>
            <Link to={paths.myProfile}>
              <Trans>My profile</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.controlPanel}>
              <Trans>Control panel</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.priceAppearance}>
              <Trans>Price appearance</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.communicationPreferences}>
              <Trans>Communication preferences</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.shippingDetails}>
              <Trans>Shipping details</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.billingDetails}>
              <Trans>Billing details</Trans>
            </Link>
          </li>
          <li>
            <Link to={paths.creditTerms}>
              <Trans>Credit terms</Trans>
            </Link>
          </li>
          {superUser ? (
            <li>
              <Link to={paths.users}>
                <Trans>Users</Trans>
              </Link>
            </li>
          ) : null}
          {adminMode ? (
            <li>
              <Link to={to.productAdmin('product')}>
                <Trans>Product administration</Trans>
              </Link>
            </li>
          ) : null}
        </ul>
        {isAdmin ? (
          <label className={styles.adminMode}>
            <input type="checkbox" role="switch" checked={adminMode} onChange={(event) => setAdminMode(event.target.checked)} />
            <Trans>Admin mode</Trans>
          </label>
        ) : null}
        {adminMode ? (
          <Button
            block
            onClick={() => {
              setOpen(false);
              setLoginAsOpen(true);
            }}
          >
            <Trans>Log in as a customer</Trans>
          </Button>
        ) : null}
        {/* Logged in as a customer, "log out" returns to the admin (nothing is lost); otherwise it asks first. */}
        <Button block onClick={() => (adminId ? void onLogout() : setConfirming(true))}>
          {adminId ? <Trans>Log out of this customer</Trans> : <Trans>Log out</Trans>}
        </Button>
      </div>
      {loginAsOpen ? (
        <Suspense fallback={null}>
          <LoginAsDialog onClose={() => setLoginAsOpen(false)} />
        </Suspense>
      ) : null}
      {confirming ? (
        <LogoutDialog
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void onLogout();
          }}
        />
      ) : null}
    </div>
  );
}

function initials(name: string): string {
  const letters = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

function useCloseOnOutsideOrEscape(open: boolean, rootRef: RefObject<HTMLElement | null>, close: () => void) {
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) closeRef.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, rootRef]);
}
