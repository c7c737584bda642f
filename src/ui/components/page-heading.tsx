import { useDocumentTitle } from './use-document-title';
import { useSiteName } from './brand';
import styles from './page-heading.module.css';

/** The one h1 of a page; also names the browser tab after it. */
export function PageHeading({ children }: { children: string }) {
  useDocumentTitle(children, { siteName: useSiteName() });
  return <h1 className={styles.heading}>{children}</h1>;
}
