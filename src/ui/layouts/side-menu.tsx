import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { categoryTree } from '../../db/queries/category-tree';
import { Dialog } from '../components/dialog';
import { useCatalogSnapshot } from '../shared/catalog/use-catalog-snapshot';
import { useCategoryName } from '../shared/catalog/use-category-name';
import { OVERLAY_THEME_COLOR, useThemeColor } from '../shared/theme/use-theme-color';
import { paths, to } from '../routes/paths';
import styles from './side-menu.module.css';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.heading}>
        {title}
      </h3>
      <ul className={styles.list}>{children}</ul>
    </section>
  );
}

/**
 * The sidebar overlay (docs/product-rules.md §2): the primary navigation, the catalogue's top categories
 * (read from the device) and the static pages. Any link closes it; so do Escape and the close button.
 */
export function SideMenu({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  const snapshot = useCatalogSnapshot();
  const nameOf = useCategoryName();
  const tops = snapshot ? categoryTree(snapshot).tops : [];
  useThemeColor(OVERLAY_THEME_COLOR, true);
  const item = (path: string, label: ReactNode, end = false) => (
    <li key={path}>
      <NavLink to={path} end={end} className={linkClass} onClick={onClose}>
        {label}
      </NavLink>
    </li>
  );
  return (
    <Dialog title={t`Menu`} size="drawer" onClose={onClose}>
      <Section title={t`Shop`}>
        {item(paths.suppliers, <Trans>Suppliers</Trans>)}
        {item(paths.favorites, <Trans>Favourites</Trans>)}
        {item(paths.orders, <Trans>Orders</Trans>)}
        {item(paths.myAccount, <Trans>My account</Trans>, true)}
      </Section>
      {tops.length > 0 ? (
        <Section title={t`Categories`}>{tops.map((category) => item(to.category(category.slug), nameOf(category)))}</Section>
      ) : null}
      <Section title={t`Information`}>
        {item(paths.faqs, <Trans>FAQs</Trans>)}
        {item(paths.contact, <Trans>Contact</Trans>)}
        {item(paths.terms, <Trans>Terms of use</Trans>)}
        {item(paths.privacy, <Trans>Privacy policy</Trans>)}
      </Section>
    </Dialog>
  );
}

/**
 * The header's menu button (phones; from md the primary navigation shows its links). The menu belongs to
 * the page it was opened on: a navigation of any kind (a link, Back) closes it.
 */
export function SideMenuButton() {
  const { t } = useLingui();
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  return (
    <>
      <button type="button" className={styles.opener} aria-label={t`Menu`} aria-haspopup="dialog" onClick={() => setOpenOn(location.key)}>
        <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {openOn === location.key ? <SideMenu onClose={() => setOpenOn(null)} /> : null}
    </>
  );
}
