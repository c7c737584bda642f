import type { CategoryDoc } from '../../../db/schema/categories';
import { useLocale } from '../i18n/locale-provider';

/** Greek name in el-GR, English in en-US (Greek when there is no English one). */
export function useCategoryName(): (category: Pick<CategoryDoc, 'name' | 'name_en'>) => string {
  const { locale } = useLocale();
  return (category) => (locale === 'el-GR' ? category.name : category.name_en || category.name);
}
