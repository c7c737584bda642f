import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ProductDoc } from '../../../db/schema/products';
import type { SupplierDoc } from '../../../db/schema/suppliers';
import { to } from '../../routes/paths';
import { UNIT_LABELS } from '../../shared/catalog/unit-labels';
import styles from './product-page.module.css';

interface ProductFactsProps {
  product: ProductDoc;
  /** The chosen variant's sku and barcode replace the parent's. */
  sku: string;
  barcode: string;
  supplier: SupplierDoc | null;
}

function UnitText({ product }: { product: ProductDoc }) {
  const { i18n } = useLingui();
  if (!product.measurement_unit) return null;
  const unit = i18n._(UNIT_LABELS[product.measurement_unit]);
  const quantity = product.unit_quantity;
  return quantity && quantity > 1 ? (
    <Trans>
      {unit} of {quantity}
    </Trans>
  ) : (
    <>{unit}</>
  );
}

export function ProductFacts({ product, sku, barcode, supplier }: ProductFactsProps) {
  return (
    <dl className={styles.facts}>
      <dt>
        <Trans>SKU</Trans>
      </dt>
      <dd>{sku}</dd>
      {barcode ? (
        <>
          <dt>
            <Trans>Barcode</Trans>
          </dt>
          <dd>{barcode}</dd>
        </>
      ) : null}
      <dt>
        <Trans>Supplier</Trans>
      </dt>
      <dd>{supplier ? <Link to={to.supplier(supplier.slug)}>{supplier.name}</Link> : product.supplier_name}</dd>
      {product.measurement_unit ? (
        <>
          <dt>
            <Trans>Unit</Trans>
          </dt>
          <dd>
            <UnitText product={product} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

export function StockStatus({ inStock }: { inStock: boolean }) {
  return (
    <p className={`${styles.stock} ${inStock ? styles.inStock : styles.outOfStock}`}>
      {inStock ? <Trans>In stock!</Trans> : <Trans>Out of the stock!</Trans>}
    </p>
  );
}
