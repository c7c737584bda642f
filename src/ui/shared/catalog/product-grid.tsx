import { memo, useState } from 'react';
import type { ReactNode } from 'react';
import { systemClock } from '../../../domain/clock';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductDoc } from '../../../db/schema/products';
import { to } from '../../routes/paths';
import { FavoriteButton } from '../favorites/favorite-button';
import { PRODUCT_CARD_TIMING } from './card-timing';
import { PriceTag } from './price-tag';
import { ProductImage } from './product-image';
import { THUMBNAIL_SIZE, thumbnailOf } from './product-images';
import { useProductName } from './use-product-name';
import { UNIT_LABELS } from './unit-labels';
import card from '../../components/card.module.css';
import styles from './product-grid.module.css';

interface ProductCardProps {
  product: ProductDoc;
  /** h2 under a page heading, h3 inside a titled section (heading levels must not skip). */
  headingLevel: 2 | 3;
  name: string;
  /** Pages pass a fixed time so every card checks special prices against the same instant. */
  now: number;
  action?: CardAction | undefined;
  /** In the first screenful: the picture loads at once (not lazily); `high` asks for it before other pictures. */
  eager: false | 'first' | 'high';
}

/** Something a card offers besides its link (the cart's quick add), above the link's click area. */
export type CardAction = (product: ProductDoc, name: string, now: number) => ReactNode;

/** Memoised: a sort or page change re-renders the grid, but unchanged cards keep their DOM. */
const ProductCard = memo(function ProductCard({ product, name, now, headingLevel, action, eager }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { i18n } = useLingui();
  const unit = product.measurement_unit ? i18n._(UNIT_LABELS[product.measurement_unit]) : null;
  const quantity = product.unit_quantity;
  return (
    <li className={`${card.card} ${card.linked} ${styles.card}`} data-testid="product-card" data-sku={product.sku}>
      <ProductImage
        className={styles.thumbnail}
        src={thumbnailOf(product)}
        alt=""
        width={THUMBNAIL_SIZE.width}
        height={THUMBNAIL_SIZE.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager === 'high' ? 'high' : undefined}
        decoding="async"
      />
      <div className={styles.favorite}>
        <FavoriteButton sku={product.sku} supplierId={product.supplier_id} name={name} />
      </div>
      <Heading className={styles.name} elementtiming={PRODUCT_CARD_TIMING}>
        <Link className={card.stretchedLink} to={to.product(product.parent_sku || product.sku, product.slug)}>
          {name}
        </Link>
      </Heading>
      <p className={styles.meta}>
        <span>{product.supplier_name}</span>
        {unit ? (
          <span className={styles.unit}>
            {quantity && quantity > 1 ? (
              <Trans>
                {unit} of {quantity}
              </Trans>
            ) : (
              unit
            )}
          </span>
        ) : null}
      </p>
      {product.is_in_stock ? null : (
        <p className={styles.outOfStock}>
          <Trans>Out of the stock!</Trans>
        </p>
      )}
      <PriceTag item={product} taxClassId={product.tax_class_id} now={now} />
      {action ? <div className={styles.quickAdd}>{action(product, name, now)}</div> : null}
    </li>
  );
});

/** The product cards of a listing page (at most 50, docs/product-rules.md §9), as a list of links to product pages. */
interface ProductGridProps {
  products: readonly ProductDoc[];
  labelledBy: string;
  /** Pages pass one instant for all their lists; without it the grid takes the time of its first render. */
  now?: number;
  headingLevel?: 2 | 3;
  /** Made once per page (a stable function), so memoised cards keep their DOM. */
  action?: CardAction;
  /**
   * The grid opens the page: the first cards (a phone's first rows, a wide screen's first row) load their
   * pictures at once, the very first with high priority; the page's largest picture is one of them.
   */
  atTop?: boolean;
}

/** Cards whose pictures a grid at the top of a page loads without waiting for them to scroll into view. */
const FIRST_SCREEN_CARDS = 4;

export function ProductGrid({ products, labelledBy, now, headingLevel = 2, action, atTop = false }: ProductGridProps) {
  const nameOf = useProductName();
  const [firstRender] = useState(() => systemClock.now());
  const at = now ?? firstRender;
  return (
    <ul className={styles.grid} aria-labelledby={labelledBy}>
      {products.map((product, index) => (
        <ProductCard
          key={product.sku}
          product={product}
          name={nameOf(product)}
          now={at}
          headingLevel={headingLevel}
          action={action}
          eager={atTop && index < FIRST_SCREEN_CARDS ? (index === 0 ? 'high' : 'first') : false}
        />
      ))}
    </ul>
  );
}
