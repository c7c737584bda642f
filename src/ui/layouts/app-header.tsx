import { Link } from 'react-router';
import { Brand } from '../components/brand';
import { LanguageSelect } from '../shared/i18n/language-select';
import { CartButton } from '../features/cart/cart-button';
import { WishlistButton } from '../features/favorites/wishlist';
import { QueuedOrdersButton } from '../features/orders/queued-orders-button';
import { SearchButton } from '../features/search/search-button';
import { paths } from '../routes/paths';
import { AccountMenu } from './account-menu';
import { CompanySwitch } from './company-switch';
import { PrimaryNav } from './primary-nav';
import { SideMenuButton } from './side-menu';
import styles from './app-header.module.css';

export function AppHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to={paths.home} className={styles.brandLink}>
          <Brand compact />
        </Link>
        <div className={styles.menu}>
          <SideMenuButton />
        </div>
        <div className={styles.company}>
          <CompanySwitch />
        </div>
        <div className={styles.search}>
          <SearchButton />
        </div>
        <div className={styles.language}>
          <LanguageSelect compact />
        </div>
        <div className={styles.wishlist}>
          <WishlistButton />
        </div>
        <div className={styles.cart}>
          <QueuedOrdersButton />
          <CartButton />
        </div>
        <div className={styles.account}>
          <AccountMenu />
        </div>
      </div>
      <PrimaryNav />
    </header>
  );
}
