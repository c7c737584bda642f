import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductDoc } from '../../../db/schema/products';
import { ButtonLink } from '../../components/button-link';
import { Dialog } from '../../components/dialog';
import { IconButton } from '../../components/icon-button';
import { PriceTag } from '../../shared/catalog/price-tag';
import { ProductImage } from '../../shared/catalog/product-image';
import { thumbnailOf } from '../../shared/catalog/product-images';
import { useCatalogSnapshot } from '../../shared/catalog/use-catalog-snapshot';
import { useProductName } from '../../shared/catalog/use-product-name';
import { useFavorites } from '../../shared/favorites/favorites-context';
import { OVERLAY_THEME_COLOR, useThemeColor } from '../../shared/theme/use-theme-color';
import { to } from '../../routes/paths';
import styles from './wishlist.module.css';

/** The overlay shows the newest favourites; the favourites page has them all (docs/product-rules.md §2). */
export const WISHLIST_SIZE = 20;

/** The heart icon of the header button (the cards' heart, outlined). */
function HeartIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5 4.2 12.9a4.9 4.9 0 0 1 6.9-6.9l.9.9.9-.9a4.9 4.9 0 0 1 6.9 6.9Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The header's wishlist: a heart with the count of the selected buyer's favourites, opening the overlay.
 * Read from the device, so it works offline; nothing while no buyer is selected.
 */
export function WishlistButton() {
  const { t } = useLingui();
  const { favorites, setFavorite } = useFavorites();
  const [open, setOpen] = useState(false);
  if (!setFavorite) return null;
  const count = favorites?.length ?? 0;
  const label = count === 1 ? t`Favourites, 1 product` : t`Favourites, ${count} products`;
  return (
    <>
      <button type="button" className={styles.opener} aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <HeartIcon />
        <span className={styles.count} data-testid="wishlist-count">
          {count}
        </span>
      </button>
      {open ? <WishlistOverlay onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * The wishlist overlay: the newest WISHLIST_SIZE favourites found in the local catalogue (name, supplier,
 * price, a link to the product page, a remove button) and the way to the favourites page.
 */
export function WishlistOverlay({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const nameOf = useProductName();
  const snapshot = useCatalogSnapshot();
  const { favorites, setFavorite } = useFavorites();
  useThemeColor(OVERLAY_THEME_COLOR, true);
  const products = useMemo(() => {
    if (!snapshot || !favorites) return [];
    const found: ProductDoc[] = [];
    // `favorites` is newest first.
    for (const favorite of favorites) {
      const product = snapshot.bySku.get(favorite.sku);
      if (product) found.push(product);
      if (found.length === WISHLIST_SIZE) break;
    }
    return found;
  }, [snapshot, favorites]);
  const loading = !snapshot || !favorites;

  return (
    <Dialog
      title={t`Favourites`}
      size="sheet"
      onClose={onClose}
      footer={
        <ButtonLink to={to.favorites()} variant="primary" onClick={onClose}>
          <Trans>See all favourites</Trans>
        </ButtonLink>
      }
    >
      {loading ? null : products.length === 0 ? (
        <p className={styles.empty}>
          <Trans>You have no favourites yet. Tap the heart on a product to keep it here, for your whole company.</Trans>
        </p>
      ) : (
        <ul className={styles.list} aria-label={t`Newest favourites`}>
          {products.map((product) => {
            const name = nameOf(product);
            return (
              <li key={product.sku} className={styles.item} data-testid="wishlist-item">
                <ProductImage className={styles.thumb} src={thumbnailOf(product)} alt="" width={56} height={56} loading="lazy" />
                <div className={styles.text}>
                  <Link className={styles.name} to={to.product(product.parent_sku || product.sku, product.slug)} onClick={onClose}>
                    {name}
                  </Link>
                  <span className={styles.supplier}>{product.supplier_name}</span>
                  <PriceTag item={product} taxClassId={product.tax_class_id} />
                </div>
                <IconButton
                  label={t`Remove ${name} from favourites`}
                  className={styles.remove}
                  onClick={(event) => {
                    // The button leaves with its row: the focus stays in the overlay, on the dialog itself.
                    const dialog = event.currentTarget.closest('dialog');
                    void setFavorite?.({ sku: product.sku, supplierId: product.supplier_id }, false).then(() => dialog?.focus());
                  }}
                >
                  <span aria-hidden="true">×</span>
                </IconButton>
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
