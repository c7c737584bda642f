import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { of } from 'rxjs';
import type { AppDatabase } from '../../../db/database';
import { observeProductsBySku } from '../../../db/queries/product-by-sku';
import { productBundleOptions } from '../../../db/queries/product-structure';
import { observeSupplier } from '../../../db/queries/supplier-by-id';
import type { ProductDoc } from '../../../db/schema/products';
import { bundlePrice, defaultBundleSelections } from '../../../domain/bundle';
import { systemClock } from '../../../domain/clock';
import { groupedItems } from '../../../domain/grouped';
import type { PricedItem } from '../../../domain/pricing';
import { finalPrice } from '../../../domain/pricing';
import { PageHeading } from '../../components/page-heading';
import { RequestButton } from '../../shared/requests/request-dialog';
import { FavoriteButton } from '../../shared/favorites/favorite-button';
import { useSession } from '../../shared/session/session-context';
import { BundleOptions } from './bundle-options';
import { GroupedItems } from './grouped-items';
import { AddToCart } from '../../shared/cart/add-to-cart';
import { cartProductOf } from '../../shared/cart/cart-product';
import { PriceAppearanceButton } from '../../shared/catalog/price-appearance';
import { PriceTag } from '../../shared/catalog/price-tag';
import { usePriceSettings } from '../../shared/catalog/use-price-settings';
import { ProductFacts, StockStatus } from './product-facts';
import { ProductGallery } from './product-gallery';
import { useDatabase } from '../../shared/database/database-provider';
import { RecentlyViewed } from './recently-viewed';
import { RelatedProducts } from './related-products';
import { useObservable } from '../../shared/database/use-observable';
import { useProductName } from '../../shared/catalog/use-product-name';
import { useVariantChoice } from './use-variant-choice';
import { VariantPicker } from './variant-picker';
import styles from './product-page.module.css';

/** Skus of the products a bundle or grouped product is made of. */
function linkedSkus(product: ProductDoc): string[] {
  if (product.type_id === 'bundle') return productBundleOptions(product).flatMap((o) => o.product_links.map((l) => l.sku));
  if (product.type_id === 'grouped')
    return (product.product_links ?? []).filter((l) => l.link_type === 'associated').map((l) => l.linked_product_sku);
  return [];
}

function useLinkedProducts(db: AppDatabase, product: ProductDoc): ReadonlyMap<string, ProductDoc> {
  const skus = useMemo(() => linkedSkus(product), [product]);
  const key = skus.join(',');
  return (
    useObservable(() => (skus.length > 0 ? observeProductsBySku(db, skus) : of(new Map<string, ProductDoc>())), [db, key]) ?? new Map()
  );
}

export function ProductView({ product, childSku }: { product: ProductDoc; childSku: string | null }) {
  const db = useDatabase();
  if (!db) return null;
  return <ProductDetails db={db} product={product} childSku={childSku} />;
}

function ProductDetails({ db, product, childSku }: { db: AppDatabase; product: ProductDoc; childSku: string | null }) {
  const nameOf = useProductName();
  const { rateFor } = usePriceSettings();
  const { customer } = useSession();
  const { t } = useLingui();
  const { pathname } = useLocation();
  const choice = useVariantChoice(product, childSku);
  const linked = useLinkedProducts(db, product);
  const supplier = useObservable(() => observeSupplier(db, product.supplier_id), [db, product.supplier_id]);
  const now = systemClock.now();

  const bundleOptions = useMemo(() => productBundleOptions(product), [product]);
  const bundleSelections = useMemo(() => defaultBundleSelections(bundleOptions), [bundleOptions]);
  const child = product.type_id === 'configurable' ? choice.current : null;

  let priced: PricedItem = child ?? product;
  if (product.type_id === 'bundle') {
    const total = bundlePrice(bundleSelections, (sku) => {
      const item = linked.get(sku);
      return item ? finalPrice(item, now) : null;
    });
    if (total !== null) priced = { price: total };
  }
  const supplierName = supplier?.name ?? product.supplier_name;
  const name = nameOf(child ? { name: child.name || product.name, name_en: child.name_en || product.name_en } : product);
  const inStock = child ? child.is_in_stock : product.is_in_stock;
  const noVariants = product.type_id === 'configurable' && choice.available.length === 0;
  const addable = product.type_id !== 'grouped' && (product.type_id !== 'configurable' || child !== null);
  const cartProduct = addable
    ? cartProductOf({
        product,
        child,
        name,
        taxRate: rateFor(product.tax_class_id),
        now,
        priced,
        options: product.type_id === 'bundle' ? { bundle_options: bundleSelections } : undefined,
      })
    : null;

  return (
    <article>
      <PageHeading>{name}</PageHeading>
      <div className={styles.layout}>
        <ProductGallery product={product} name={name} />
        <div className={styles.summary}>
          {product.type_id === 'grouped' ? null : <PriceTag item={priced} taxClassId={product.tax_class_id} size="large" now={now} />}
          {noVariants ? null : <StockStatus inStock={inStock} />}
          {product.type_id === 'grouped' || noVariants ? null : <AddToCart product={cartProduct} stock={child ?? product} />}
          {product.type_id === 'configurable' ? <VariantPicker choice={choice} productSku={product.sku} /> : null}
          <div className={styles.moreActions}>
            <FavoriteButton sku={product.sku} supplierId={product.supplier_id} name={name} />
            <RequestButton
              label={t`Ask for a wholesale price`}
              title={t`Wholesale price request`}
              description={t`${supplierName} will be asked for its wholesale price of ${name} for your company.`}
              request={{ kind: 'wholesale_price', path: pathname, supplierId: product.supplier_id, sku: product.sku }}
            />
            <PriceAppearanceButton />
          </div>
          <ProductFacts
            product={product}
            sku={child?.sku ?? product.sku}
            barcode={child?.barcode || product.barcode}
            supplier={supplier ?? null}
          />
        </div>
      </div>
      {product.type_id === 'bundle' ? <BundleOptions options={bundleOptions} selections={bundleSelections} products={linked} /> : null}
      {product.type_id === 'grouped' ? <GroupedItems items={groupedItems(product.product_links ?? [], linked)} /> : null}
      <RelatedProducts db={db} product={product} />
      {customer ? <RecentlyViewed db={db} customerId={customer.id} sku={product.sku} /> : null}
    </article>
  );
}
