import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageHeading } from '../../components/page-heading';
import { NotFoundPage } from '../../routes/pages/not-found-page';
import { OfflineRedirect } from '../../shared/offline/offline-redirect';
import { getBrowserUrlResolver } from './browser-url-resolver';
import type { CmsPageContent, UrlResolver, UrlTarget } from './url-resolver';
import styles from './url-dispatch.module.css';

const ResolverContext = createContext<UrlResolver | null>(null);

/** Tests hand in a resolver; the app uses the browser one. */
export function UrlResolverProvider({ resolver, children }: { resolver: UrlResolver; children: ReactNode }) {
  return <ResolverContext.Provider value={resolver}>{children}</ResolverContext.Provider>;
}

function useUrlResolver(): UrlResolver {
  return useContext(ResolverContext) ?? getBrowserUrlResolver();
}

function CmsPage({ page }: { page: CmsPageContent }) {
  const { i18n } = useLingui();
  const english = i18n.locale.startsWith('en');
  const title = (english && page.title_en) || page.title;
  const content = (english && page.content_en) || page.content;
  return (
    <article className={styles.page}>
      <PageHeading>{title}</PageHeading>
      {/* The bridge's own CMS content (docs/product-rules.md §3 CMS page): HTML written by the marketplace operator. */}
      <div dangerouslySetInnerHTML={{ __html: content }} />
    </article>
  );
}

type Resolved = { path: string; target: UrlTarget } | { path: string; error: unknown };

/**
 * Resolves `path` (a path the route table does not know) and shows what it is: a product or category
 * by a history-replacing navigation, a CMS page in place, page-not-found, or the offline countdown.
 */
export function UrlDispatch({ path }: { path: string }) {
  const resolver = useUrlResolver();
  const navigate = useNavigate();
  const [resolved, setResolved] = useState<Resolved | null>(null);

  useEffect(() => {
    let active = true;
    resolver.resolve(path).then(
      (target) => {
        if (!active) return;
        if (target.kind === 'redirect') void navigate(target.to, { replace: true });
        else setResolved({ path, target });
      },
      (error: unknown) => {
        if (active) setResolved({ path, error });
      },
    );
    return () => {
      active = false;
    };
  }, [path, resolver, navigate]);

  const current = resolved?.path === path ? resolved : null;
  if (current && 'error' in current) throw current.error;
  const target = current?.target;
  if (!target || target.kind === 'redirect') {
    return (
      <p className={styles.pending} role="status" aria-busy="true">
        <Trans>Looking up this page…</Trans>
      </p>
    );
  }
  if (target.kind === 'cms_page') return <CmsPage page={target.page} />;
  if (target.kind === 'offline') return <OfflineRedirect />;
  return <NotFoundPage />;
}
