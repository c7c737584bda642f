// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { OfflineRedirect } from './offline-redirect';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderAt(path: string) {
  const i18n = setupI18n({ locale: 'en-US', messages: { 'en-US': {} } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/p/:sku', element: <OfflineRedirect /> },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('OfflineRedirect', () => {
  it('counts down from 10 s in a live region, then replaces the page with home', () => {
    vi.useFakeTimers();
    const router = renderAt('/p/OIL-5L');
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'This page is not available offline. Going to the home page in 10 s');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status').textContent).toContain('in 7 s');
    act(() => vi.advanceTimersByTime(6000));
    expect(screen.getByRole('status').textContent).toContain('in 1 s');
    expect(router.state.location.pathname).toBe('/p/OIL-5L');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    // Replaced, not pushed: the history still has two entries and we are on the second.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes home at once with "Go home now"', () => {
    vi.useFakeTimers();
    const router = renderAt('/p/OIL-5L');
    act(() => screen.getByRole('link', { name: 'Go home now' }).click());
    expect(router.state.location.pathname).toBe('/');
    act(() => vi.advanceTimersByTime(20_000));
    expect(router.state.location.pathname).toBe('/');
  });
});
