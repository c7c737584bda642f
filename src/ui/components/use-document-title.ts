import { useEffect } from 'react';

/** Sets the tab title while the page is shown; `exact` skips the site-name suffix (the 404 title is fixed). */
export function useDocumentTitle(title: string, options: { exact?: boolean; siteName?: string } = {}): void {
  const { exact = false, siteName } = options;
  useEffect(() => {
    document.title = exact || !siteName ? title : `${title} | ${siteName}`;
  }, [title, exact, siteName]);
}
