// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useParams, useSearchParams } from 'react-router';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { UrlDispatch, UrlResolverProvider } from './url-dispatch';
import type { UrlResolver, UrlTarget } from './url-resolver';

afterEach(cleanup);

function ProductStub() {
  const { parentSku } = useParams();
  const [query] = useSearchParams();
  return <h1>{`Product ${parentSku ?? ''} ${query.get('childSku') ?? ''}`}</h1>;
}

function CatchAll() {
  return <UrlDispatch path={useParams()['*'] ?? ''} />;
}

function renderAt(path: string, answer: (path: string) => UrlTarget) {
  const calls: string[] = [];
  const resolver: UrlResolver = {
    resolve: (p) => {
      calls.push(p);
      return Promise.resolve(answer(p));
    },
  };
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/p/:parentSku/:slug', element: <ProductStub /> },
      { path: '*', element: <CatchAll /> },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  render(
    <I18nProvider i18n={setupI18n({ locale: 'en-US', messages: { 'en-US': {} } })}>
      <UrlResolverProvider resolver={resolver}>
        <RouterProvider router={router} />
      </UrlResolverProvider>
    </I18nProvider>,
  );
  return { router, calls };
}

describe('URL dispatch on the catch-all route', () => {
  it('replaces a hidden variant path with its parent product page and the variant preselected', async () => {
    const { router, calls } = renderAt('/mplouzaki-kokkino', () => ({ kind: 'redirect', to: '/p/TSH-1/mplouzaki?childSku=TSH-1-RED' }));
    expect(await screen.findByRole('heading', { name: 'Product TSH-1 TSH-1-RED' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls).toEqual(['mplouzaki-kokkino']);
  });

  it('shows a CMS page in place', async () => {
    renderAt('/about-us', () => ({
      kind: 'cms_page',
      page: {
        identifier: 'about-us',
        title: 'Ποιοι είμαστε',
        title_en: 'About us',
        content: '<p>Γεια</p>',
        content_en: '<p>Hello there</p>',
      },
    }));
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeTruthy();
    expect(screen.getByText('Hello there')).toBeTruthy();
  });

  it('falls through to page-not-found', async () => {
    renderAt('/nothing', () => ({ kind: 'not-found' }));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('offline and unknown locally: counts down to the home page', async () => {
    renderAt('/nothing', () => ({ kind: 'offline' }));
    expect(await screen.findByRole('link', { name: 'Go home now' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('This page is not available offline. Going to the home page in 10 s');
  });
});
