import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { AttributeFilters } from '../../../domain/listing';
import { PRICE_RANGES, priceRangeLabel, type PriceRange } from '../../../domain/price-ranges';
import { Button } from '../../components/button';
import { useLocale } from '../i18n/locale-provider';
import type { Facet } from './facets';
import { isMeasurementUnit, UNIT_LABELS } from '../catalog/unit-labels';
import styles from './listing-controls.module.css';

interface FiltersPanelProps {
  priceRange: PriceRange | null;
  attributes: AttributeFilters;
  facets: readonly Facet[];
  onPriceRange: (range: PriceRange | null) => void;
  onToggle: (code: string, value: string, on: boolean) => void;
  onClear: () => void;
}

function PriceRanges({ value, onChange }: { value: PriceRange | null; onChange: (range: PriceRange | null) => void }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const name = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t`Price`}</legend>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
        {t`Any price`}
      </label>
      {PRICE_RANGES.map((range) => (
        <label key={range.id} className={styles.choice}>
          <input type="radio" name={name} checked={value?.id === range.id} onChange={() => onChange(range)} />
          {priceRangeLabel(range, locale)}
        </label>
      ))}
    </fieldset>
  );
}

/** Price ranges (docs/product-rules.md §9) and attribute filters; every change goes to the URL query. */
export function FiltersPanel({ priceRange, attributes, facets, onPriceRange, onToggle, onClear }: FiltersPanelProps) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const english = locale !== 'el-GR';
  const facetLabel = (facet: Facet): string =>
    facet.code === 'unit' ? t`Sale unit` : english ? facet.labelEn || facet.label : facet.label;
  const valueLabel = (facet: Facet, value: Facet['values'][number]): string => {
    if (facet.code === 'unit' && isMeasurementUnit(value.value)) return i18n._(UNIT_LABELS[value.value]);
    return english ? value.labelEn || value.label : value.label;
  };
  const active = priceRange !== null || Object.values(attributes).some((v) => v.length > 0);
  return (
    <section className={styles.filters} aria-label={t`Filters`}>
      <PriceRanges value={priceRange} onChange={onPriceRange} />
      {facets.map((facet) => (
        <fieldset key={facet.code} className={styles.fieldset}>
          <legend className={styles.legend}>{facetLabel(facet)}</legend>
          {facet.values.map((value) => (
            <label key={value.value} className={styles.choice}>
              <input
                type="checkbox"
                checked={(attributes[facet.code] ?? []).includes(value.value)}
                onChange={(event) => onToggle(facet.code, value.value, event.target.checked)}
              />
              {valueLabel(facet, value)} <span className={styles.count}>({value.count})</span>
            </label>
          ))}
        </fieldset>
      ))}
      {active ? (
        <Button size="small" className={styles.clear} onClick={onClear}>
          {t`Clear filters`}
        </Button>
      ) : null}
    </section>
  );
}
