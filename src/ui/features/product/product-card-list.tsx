import { Link } from 'react-router';
import type { ProductDoc } from '../../../db/schema/products';
import { to } from '../../routes/paths';
import { PriceTag } from './price-tag';
import { THUMBNAIL_SIZE, thumbnailOf } from './product-gallery';
import { useProductName } from './use-product-name';
import styles from './product-card-list.module.css';

/** A row of small product cards (thumbnail 310x300, name, price) for related and recently viewed products. */
export function ProductCardList({ products, labelledBy }: { products: readonly ProductDoc[]; labelledBy: string }) {
  const nameOf = useProductName();
  return (
    <ul className={styles.list} aria-labelledby={labelledBy}>
      {products.map((product) => (
        <li key={product.sku} className={styles.card}>
          <img className={styles.thumbnail} src={thumbnailOf(product)} alt="" width={THUMBNAIL_SIZE.width} height={THUMBNAIL_SIZE.height} loading="lazy" />
          <Link className={styles.name} to={to.product(product.parent_sku || product.sku, product.slug)}>
            {nameOf(product)}
          </Link>
          <PriceTag item={product} taxClassId={product.tax_class_id} />
        </li>
      ))}
    </ul>
  );
}
