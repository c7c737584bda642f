import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CartProductInput } from '../../../db/commands/cart';
import { Button } from '../../components/button';
import { QuantityInput } from '../../components/quantity-input';
import { observeProduct } from '../../../db/queries/product-by-sku';
import type { ProductDoc } from '../../../db/schema/products';
import { productChildren } from '../../../db/queries/product-structure';
import { systemClock } from '../../../domain/clock';
import { usePriceSettings } from '../catalog/use-price-settings';
import { useProductName } from '../catalog/use-product-name';
import { useDatabase } from '../database/database-provider';
import { useObservable } from '../database/use-observable';
import { useCart } from './cart-context';
import { cartProductOf, catalogStockOf, type CatalogStock } from './cart-product';
import styles from './add-to-cart.module.css';

export interface AddToCartProps {
  /** Null while the product cannot be added as it stands (a variant not chosen yet). */
  product: CartProductInput | null;
  /**
   * The catalogue's stock record of what is added. Whether the device is online is read at the moment of the
   * click, not at render: a connection lost between the two must still make the add `volatile`.
   */
  stock: CatalogStock;
  /** A quick add on cards, search results and grouped products: a set quantity, no quantity field. */
  compact?: boolean;
  /** What a compact add adds (a grouped product's suggested quantity); 1 by default. */
  compactQty?: number;
}

/** Add to cart with a quantity (product page) or one piece at a time (cards, search results). */
export function AddToCart({ product, stock, compact = false, compactQty = 1 }: AddToCartProps) {
  const { t } = useLingui();
  const { actions } = useCart();
  const [qty, setQty] = useState('1');
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!actions) return null;
  const quantity = Number(qty);
  const valid = Number.isInteger(quantity) && quantity >= 1;

  const add = async (): Promise<void> => {
    if (!product) return;
    setBusy(true);
    try {
      await actions.add(product, compact ? compactQty : quantity, catalogStockOf(stock, navigator.onLine));
    } finally {
      setBusy(false);
    }
  };

  if (compact) {
    return (
      <Button
        size="small"
        variant="primary"
        disabled={!product}
        busy={busy}
        onClick={() => void add()}
        aria-label={product ? t`Add ${product.name} to cart` : t`Add to cart`}
      >
        <Trans>Add to cart</Trans>
      </Button>
    );
  }
  return (
    <form
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) void add();
      }}
    >
      <label htmlFor={id} className={styles.label}>
        <Trans>Quantity</Trans>
      </label>
      <QuantityInput id={id} value={qty} aria-invalid={valid ? undefined : true} onChange={(event) => setQty(event.target.value)} />
      <Button type="submit" variant="primary" disabled={!product || !valid} busy={busy}>
        <Trans>Add to cart</Trans>
      </Button>
    </form>
  );
}

/**
 * A quick add for a product known by sku only (search results): reads it from the local catalogue, so it
 * works offline like the rest of the cart. Variants and bundles need a choice first: their page does that.
 */
export function QuickAddBySku({ sku, pageSku }: { sku: string; pageSku: string }) {
  const db = useDatabase();
  const nameOf = useProductName();
  const { rateFor } = usePriceSettings();
  const product = useObservable(() => (db ? observeProduct(db, pageSku) : null), [db, pageSku]);
  if (!product || (product.type_id !== 'simple' && product.type_id !== 'configurable')) return null;
  const child = product.type_id === 'configurable' ? (productChildren(product).find((c) => c.sku === sku) ?? null) : null;
  if (product.type_id === 'configurable' && !child) return null;
  const now = systemClock.now();
  const input = cartProductOf({
    product,
    child,
    name: nameOf(child ? { name: child.name || product.name, name_en: child.name_en || product.name_en } : product),
    taxRate: rateFor(product.tax_class_id),
    now,
  });
  return <AddToCart product={input} stock={child ?? product} compact />;
}

/**
 * A simple product straight from its card (one piece) or from a grouped product's list (its suggested
 * quantity); variants, bundles and grouped products themselves are chosen on their page.
 */
export function CardQuickAdd({ product, name, now, qty = 1 }: { product: ProductDoc; name: string; now: number; qty?: number }) {
  const { rateFor } = usePriceSettings();
  if (product.type_id !== 'simple') return null;
  return (
    <AddToCart
      product={cartProductOf({ product, name, taxRate: rateFor(product.tax_class_id), now })}
      stock={product}
      compact
      compactQty={qty}
    />
  );
}

/** The card action of product grids. */
export const cardQuickAdd = (product: ProductDoc, name: string, now: number) => <CardQuickAdd product={product} name={name} now={now} />;
