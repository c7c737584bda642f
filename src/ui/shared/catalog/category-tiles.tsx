import { Link } from 'react-router';
import type { CategoryDoc } from '../../../db/schema/categories';
import card from '../../components/card.module.css';
import { useCategoryName } from './use-category-name';
import styles from './category-tiles.module.css';

interface CategoryTilesProps {
  categories: readonly CategoryDoc[];
  /** Where a tile leads (the category alone, of one supplier, with its subcategories…). */
  linkOf(category: CategoryDoc): string;
}

/** Categories as a grid of large links, named in the UI language (home, a category's children, a supplier). */
export function CategoryTiles({ categories, linkOf }: CategoryTilesProps) {
  const nameOf = useCategoryName();
  return (
    <ul className={styles.tiles}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link className={`${card.card} ${card.compact} ${styles.tile}`} to={linkOf(category)}>
            {nameOf(category)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
