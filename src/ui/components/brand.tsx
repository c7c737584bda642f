import { useLingui } from '@lingui/react/macro';
import styles from './brand.module.css';

/** The site name, translated; used in the header, the open layout and tab titles. */
export function useSiteName(): string {
  const { t } = useLingui();
  return t`Wholesale Market`;
}

/** The logo mark alone, decorative; index.html draws the same one before any script runs. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path d="M8 12h16l-1.6 10.4a2 2 0 0 1-2 1.6h-8.8a2 2 0 0 1-2-1.6z" fill="#fff" />
      <path d="M12 12V10a4 4 0 0 1 8 0v2" fill="none" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}

/** Logo mark plus the site name. Decorative mark: the name carries the meaning. */
export function Brand({ compact = false }: { compact?: boolean }) {
  const siteName = useSiteName();
  return (
    <span className={styles.brand}>
      <BrandMark className={styles.mark} />
      <span className={compact ? styles.nameCompact : styles.name}>{siteName}</span>
    </span>
  );
}
