import { useId } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { SORT_OPTIONS, type SortOption } from '../../../domain/listing';
import styles from './listing-controls.module.css';

/** docs/product-rules.md §9 sort labels. */
export const SORT_LABELS: Record<SortOption, MessageDescriptor> = {
  latest: msg`Latest`,
  price_asc: msg`Price low to high`,
  price_desc: msg`Price high to low`,
  name_az: msg`Alphabetical`,
  category: msg`By category`,
};

/** "Sort by" over the listing sorts, or over another list's (the favourites') with their labels. */
export function SortSelect<S extends string = SortOption>({
  value,
  onChange,
  options = SORT_OPTIONS as unknown as readonly S[],
  labels = SORT_LABELS as unknown as Record<S, MessageDescriptor>,
}: {
  value: S;
  onChange: (sort: S) => void;
  options?: readonly S[];
  labels?: Record<S, MessageDescriptor>;
}) {
  const { i18n, t } = useLingui();
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t`Sort by`}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.target.value as S)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {i18n._(labels[option])}
          </option>
        ))}
      </select>
    </div>
  );
}
