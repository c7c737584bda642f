import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import type { ProductDoc } from '../../../db/schema/products';
import type { GroupedItem } from '../../../domain/grouped';
import { systemClock } from '../../../domain/clock';
import { to } from '../../routes/paths';
import { CardQuickAdd } from '../../shared/cart/add-to-cart';
import { PriceTag } from '../../shared/catalog/price-tag';
import { useProductName } from '../../shared/catalog/use-product-name';
import styles from './product-page.module.css';
import tableStyles from './grouped-items.module.css';
import card from '../../components/card.module.css';

/**
 * A grouped product offers its associated simple products (docs/product-rules.md §5), each with its own price
 * and stock, and each added to the cart on its own line with the quantity the group suggests.
 */
export function GroupedItems({ items }: { items: GroupedItem<ProductDoc>[] }) {
  const nameOf = useProductName();
  const now = systemClock.now();
  return (
    <section className={styles.section} aria-labelledby="grouped-heading">
      <h2 id="grouped-heading">
        <Trans>Products in this group</Trans>
      </h2>
      {items.length === 0 ? (
        <p>
          <Trans>No products of this group are available right now.</Trans>
        </p>
      ) : (
        <div className={`${card.card} ${card.flush} ${tableStyles.scroll}`}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Product</Trans>
                </th>
                <th scope="col">
                  <Trans>SKU</Trans>
                </th>
                <th scope="col">
                  <Trans>Quantity</Trans>
                </th>
                <th scope="col">
                  <Trans>Price</Trans>
                </th>
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Add to cart</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map(({ product, qty }) => (
                <tr key={product.sku}>
                  <td>
                    <Link to={to.product(product.parent_sku || product.sku, product.slug)}>{nameOf(product)}</Link>
                  </td>
                  <td>{product.sku}</td>
                  <td>{qty}</td>
                  <td>
                    <PriceTag item={product} taxClassId={product.tax_class_id} />
                  </td>
                  <td>
                    <CardQuickAdd product={product} name={nameOf(product)} now={now} qty={qty} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
