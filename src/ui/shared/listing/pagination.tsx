import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import styles from './listing-controls.module.css';

interface PaginationProps {
  page: number;
  pageCount: number;
  /** The link of a page (keeps sort and filters in the query). */
  hrefOf: (page: number) => string;
}

/** Pages as links, so the back button walks through them and a page can be shared. */
export function Pagination({ page, pageCount, hrefOf }: PaginationProps) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  const pages = visiblePages(page, pageCount);
  return (
    <nav aria-label={t`Pages`} className={styles.pagination}>
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={styles.pageLink} rel="prev">
          {t`Previous page`}
        </Link>
      ) : null}
      {pages.map((p, index) =>
        p === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className={styles.gap}>
            …
          </span>
        ) : (
          <Link key={p} to={hrefOf(p)} className={styles.pageLink} aria-current={p === page ? 'page' : undefined} aria-label={t`Page ${p}`}>
            {p}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} className={styles.pageLink} rel="next">
          {t`Next page`}
        </Link>
      ) : null}
    </nav>
  );
}

/** First, last and two either side of the current page; null marks a gap. */
function visiblePages(page: number, pageCount: number): Array<number | null> {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && p - last > 1) out.push(null);
    out.push(p);
  }
  return out;
}
