import { Trans } from '@lingui/react/macro';
import type { VariantChoice } from './use-variant-choice';
import { useLocale } from '../../shared/i18n/locale-provider';
import styles from './variant-picker.module.css';

/** One accessible radio group per configurable attribute (colour, size). */
export function VariantPicker({ choice, productSku }: { choice: VariantChoice; productSku: string }) {
  const { locale } = useLocale();
  const label = (item: { label: string; label_en?: string | undefined }) => (locale === 'el-GR' ? item.label : item.label_en || item.label);
  if (choice.available.length === 0) {
    return (
      <p className={styles.warning} role="alert">
        <Trans>No available product variants</Trans>
      </p>
    );
  }
  return (
    <div className={styles.picker}>
      {choice.options.map((option) => (
        <fieldset key={option.attribute_code} className={styles.group}>
          <legend className={styles.legend}>{label(option)}</legend>
          <div className={styles.values}>
            {option.values.map((value) => {
              const id = `${productSku}-${option.attribute_code}-${value.value_index}`;
              return (
                <label key={value.value_index} htmlFor={id} className={styles.value}>
                  <input
                    id={id}
                    type="radio"
                    className={styles.radio}
                    name={`${productSku}-${option.attribute_code}`}
                    value={value.value_index}
                    checked={choice.selection[option.attribute_code] === value.value_index}
                    onChange={() => choice.choose(option.attribute_code, value.value_index)}
                  />
                  <span className={styles.valueText}>{label(value)}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      {choice.noSuchCombination ? (
        <p className={styles.warning} role="alert">
          <Trans>No such configuration for the product. Please do choose another combination of attributes.</Trans>
        </p>
      ) : null}
    </div>
  );
}
