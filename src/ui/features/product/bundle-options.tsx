import { Trans } from '@lingui/react/macro';
import type { ProductDoc } from '../../../db/schema/products';
import type { BundleOption, BundleSelection } from '../../../domain/bundle';
import { useLocale } from '../../shared/i18n/locale-provider';
import { useProductName } from '../../shared/catalog/use-product-name';
import card from '../../components/card.module.css';
import styles from './product-page.module.css';

interface BundleOptionsProps {
  options: BundleOption[];
  selections: BundleSelection[];
  products: ReadonlyMap<string, ProductDoc>;
}

/** What the bundle is made of: each option's selected product (the default link, quantity 1, docs/product-rules.md §5). */
export function BundleOptions({ options, selections, products }: BundleOptionsProps) {
  const { locale } = useLocale();
  const nameOf = useProductName();
  return (
    <section className={`${card.card} ${card.roomy} ${styles.section}`} aria-labelledby="bundle-heading">
      <h2 id="bundle-heading">
        <Trans>Bundle contents</Trans>
      </h2>
      <ul>
        {selections.map((selection) => {
          const option = options.find((o) => o.option_id === selection.option_id);
          const title = option ? (locale === 'el-GR' ? option.title : option.title_en || option.title) : '';
          const product = products.get(selection.sku);
          const name = product ? nameOf(product) : selection.sku;
          const qty = selection.qty;
          return (
            <li key={selection.option_id}>
              {title ? <strong>{title}: </strong> : null}
              <Trans>
                {name}, quantity {qty}
              </Trans>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
