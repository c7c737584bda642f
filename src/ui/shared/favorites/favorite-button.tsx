import { useLingui } from '@lingui/react/macro';
import { useFavorites } from './favorites-context';
import buttons from '../../components/button.module.css';
import styles from './favorite-button.module.css';

/**
 * The heart on product cards and pages: marks the product as a favourite of the selected buyer, or unmarks it.
 * A toggle button (aria-pressed) whose name says what it does to which product; works offline.
 */
export function FavoriteButton({ sku, supplierId, name }: { sku: string; supplierId: string; name: string }) {
  const { t } = useLingui();
  const { skus, setFavorite } = useFavorites();
  if (!setFavorite) return null;
  const favorite = skus.has(sku);
  return (
    <button
      type="button"
      className={`${buttons.icon} ${styles.heart}`}
      aria-pressed={favorite}
      aria-label={favorite ? t`Remove ${name} from favourites` : t`Add ${name} to favourites`}
      title={favorite ? t`Remove from favourites` : t`Add to favourites`}
      onClick={() => void setFavorite({ sku, supplierId }, !favorite)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 20.5 4.2 12.9a4.9 4.9 0 0 1 6.9-6.9l.9.9.9-.9a4.9 4.9 0 0 1 6.9 6.9Z" />
      </svg>
    </button>
  );
}
