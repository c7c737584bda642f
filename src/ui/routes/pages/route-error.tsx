import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { ErrorContent } from './error-page';
import { NotFoundPage } from './not-found-page';

/**
 * Error boundary of the route tree. A 404 thrown by a page (unknown supplier, product, …) shows the
 * not-found page; anything else the generic error page, and the error goes to the console for support.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error('Route error', error);
  }, [error, notFound]);
  return notFound ? <NotFoundPage /> : <ErrorContent />;
}
