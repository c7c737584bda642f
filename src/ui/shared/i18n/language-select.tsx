import { useId } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLocale } from './locale-provider';
import { LOCALES, LOCALE_NAMES, isLocale } from './locales';
import narrow from '../../styles/narrow-label.module.css';
import styles from './language-select.module.css';

/** `compact` (the header): below lg the label is read by screen readers but not shown (the buttons' row is tight). */
export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { locale, changeLocale } = useLocale();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={compact ? `${styles.label} ${narrow.fromLg}` : styles.label}>
        <Trans>Language</Trans>
      </label>
      <select
        id={id}
        className={styles.select}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void changeLocale(next);
        }}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
