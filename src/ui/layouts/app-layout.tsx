import { Outlet } from 'react-router';
import { SkipLink } from '../components/skip-link';
import { AccountNotices } from '../features/account-status/account-notices';
import { LoginAsBanner } from '../features/admin/login-as-banner';
import { CartProvider } from '../shared/cart/cart-context';
import { FavoritesProvider } from '../shared/favorites/favorites-context';
import { CatalogSyncProvider } from '../shared/catalog-sync/catalog-sync-context';
import { OrderQueueProvider } from '../shared/orders/order-queue-context';
import { CatalogSyncProgress } from '../shared/catalog-sync/catalog-sync-progress';
import { OfflineImagePins } from '../shared/offline-images/offline-image-pins';
import { AppHeader } from './app-header';
import { AppFooter } from './app-footer';
import styles from './app-layout.module.css';

/**
 * The logged-in layout: header with navigation, the page, a footer with the static pages. The catalogue
 * replicates while it is mounted (signed in); the first sync shows its progress under the header. The cart
 * and the favourites replicate, their thumbnails are kept for offline use, and the order queue sends while it is mounted.
 */
export function AppLayout() {
  return (
    <CatalogSyncProvider>
      <CartProvider>
        <OrderQueueProvider>
          <FavoritesProvider>
            <OfflineImagePins />
            <div className={styles.shell}>
              <SkipLink />
              <LoginAsBanner />
              <AppHeader />
              <CatalogSyncProgress />
              <AccountNotices />
              <main id="main" tabIndex={-1} className={styles.main}>
                <Outlet />
              </main>
              <AppFooter />
            </div>
          </FavoritesProvider>
        </OrderQueueProvider>
      </CartProvider>
    </CatalogSyncProvider>
  );
}
