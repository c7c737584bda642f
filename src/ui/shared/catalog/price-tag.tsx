import { Trans } from '@lingui/react/macro';
import { priceForDisplay, type PricedItem } from '../../../domain/pricing';
import { systemClock } from '../../../domain/clock';
import { useFormatMoney } from '../i18n/use-formatters';
import { usePriceSettings } from './use-price-settings';
import styles from './price-tag.module.css';

export interface PriceTagProps {
  /** Price fields in cents excluding VAT: a product, a configurable child, or a computed bundle total. */
  item: PricedItem;
  taxClassId: number;
  /** "large" on the product page, "normal" in lists and cards. */
  size?: 'large' | 'normal';
  /** Injected in tests; the special-price window is checked against it. */
  now?: number;
}

/**
 * A price as the buyer sees it everywhere (product page, listings, search results): the amount with or
 * without VAT per the customer's setting, the struck-through original while a special price applies,
 * and a label naming the VAT treatment with the product's actual rate (docs/product-rules.md §1, §5). Empty (aria-busy)
 * until the local tax rules were read.
 */
export function PriceTag({ item, taxClassId, size = 'normal', now }: PriceTagProps) {
  const formatMoney = useFormatMoney();
  const { withVat, rateFor, taxKnown } = usePriceSettings();
  // Until the tax rules are read (the first moment after the page opens) no amount or rate is known to be
  // right: a "0%" or a net price labelled with VAT would be wrong for a moment, so the tag waits.
  if (!taxKnown) return <p className={`${styles.tag} ${size === 'large' ? styles.large : ''}`} data-testid="price-tag" aria-busy="true" />;
  const rate = rateFor(taxClassId);
  const shown = priceForDisplay(item, { withVat, taxRate: rate }, now ?? systemClock.now());
  return (
    <p className={`${styles.tag} ${size === 'large' ? styles.large : ''}`} data-testid="price-tag">
      <span className={styles.amount}>{formatMoney(shown.amount)}</span>
      {shown.original !== null ? (
        <s className={styles.original}>
          <span className="visually-hidden">
            <Trans>Original price</Trans>{' '}
          </span>
          {formatMoney(shown.original)}
        </s>
      ) : null}
      <span className={styles.vat}>{withVat ? <Trans>incl. VAT {rate}%</Trans> : <Trans>excl. VAT {rate}%</Trans>}</span>
    </p>
  );
}
