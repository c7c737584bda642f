import { useCallback } from 'react';
import { useLocale } from '../i18n/locale-provider';

interface Named {
  name: string;
  name_en?: string | undefined;
}

/** The Greek `name` in el-GR, the English `name_en` in en-US (the Greek name when there is no English one). */
export function useProductName(): (product: Named) => string {
  const { locale } = useLocale();
  return useCallback((product: Named) => (locale === 'el-GR' ? product.name : product.name_en || product.name), [locale]);
}
