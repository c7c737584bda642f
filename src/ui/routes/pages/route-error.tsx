import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useEffect, useState } from 'react';
import { classifyCodeLoadFailure } from '../../shared/new-version/code-load-failure';
import type { CodeLoadFailure } from '../../shared/new-version/code-load-failure';
import { announceNewVersion } from '../../shared/new-version/new-version-signal';
import { ErrorContent } from './error-page';
import { NewVersionContent } from './new-version-page';
import { NotFoundPage } from './not-found-page';

/**
 * Error boundary of the route tree. A 404 thrown by a page (unknown supplier, product, …) shows the
 * not-found page; a page whose code a newer deployment removed shows a calm note and the reload prompt
 * (docs/decisions/032-safe-upgrades.md); anything else the generic error page, and the error goes to the
 * console for support.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const [failure, setFailure] = useState<CodeLoadFailure | 'checking'>('checking');
  useEffect(() => {
    let current = true;
    void classifyCodeLoadFailure(error).then((kind) => {
      if (!current) return;
      setFailure(kind);
      if (kind === 'new-version') announceNewVersion();
      else if (!notFound) console.error('Route error', error);
    });
    return () => {
      current = false;
    };
  }, [error, notFound]);
  if (notFound) return <NotFoundPage />;
  if (failure === 'checking') return null;
  return failure === 'new-version' ? <NewVersionContent /> : <ErrorContent />;
}
