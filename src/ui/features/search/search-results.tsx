import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductSearchHit } from '../../../replication/catalog-search-client';
import { to } from '../../routes/paths';
import { QuickAddBySku } from '../../shared/cart/add-to-cart';
import { PriceTag } from '../../shared/catalog/price-tag';
import { ProductImage } from '../../shared/catalog/product-image';
import card from '../../components/card.module.css';
import styles from './search-panel.module.css';

function productLink(hit: ProductSearchHit): string {
  const path = to.product(hit.pageSku, hit.slug || hit.sku);
  return hit.sku === hit.pageSku ? path : `${path}?${new URLSearchParams({ childSku: hit.sku }).toString()}`;
}

interface SearchResultsProps {
  hits: readonly ProductSearchHit[];
  onPick(): void;
}

/** Name, sku, supplier, price and thumbnail of each product, each a link to its page. */
export function SearchResults({ hits, onPick }: SearchResultsProps) {
  const { i18n } = useLingui();
  const english = i18n.locale.startsWith('en');
  return (
    <ul className={styles.results}>
      {hits.map((hit) => {
        const name = (english && hit.nameEn) || hit.name;
        return (
          <li key={hit.sku} className={`${card.card} ${card.compact} ${styles.result}`}>
            <Link className={styles.resultLink} to={productLink(hit)} onClick={onPick}>
              <ProductImage className={styles.thumb} src={hit.thumbnail} alt="" width={56} height={56} loading="lazy" />
              <span className={styles.resultText}>
                <span className={styles.resultName}>{name}</span>
                <span className={styles.resultMeta}>
                  <Trans>SKU {hit.sku}</Trans>
                  {hit.supplierName ? <> · {hit.supplierName}</> : null}
                </span>
              </span>
            </Link>
            <div className={styles.resultPrice}>
              {hit.prices ? <PriceTag item={hit.prices} taxClassId={hit.taxClassId} /> : null}
              <QuickAddBySku sku={hit.sku} pageSku={hit.pageSku} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
