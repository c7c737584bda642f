/**
 * The page bench/listing-render.ts builds with Vite and loads in headless Chromium: the storefront's
 * real ProductListing (sort select, filters, 50 product cards with PriceTag) over a 2,000-product
 * category, with the app's providers. `window.benchRender(runs)` mounts it `runs` times on a fresh
 * snapshot each time (so the per-snapshot scope pass and sort are included) and reports timings.
 */
import { useSyncExternalStore, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { CatalogSnapshot } from '../../src/db/queries/catalog-snapshot';
import type { CategoryDoc } from '../../src/db/schema/categories';
import type { ProductDoc } from '../../src/db/schema/products';
import { createAppBridge } from '../../src/replication/app-bridge';
import { createMemoryProfileCache } from '../../src/replication/profile-cache';
import { createMemoryTokenStore } from '../../src/replication/token-store';
import '../../src/ui/styles/global.css';
import { activateLocale } from '../../src/ui/shared/i18n/activate-locale';
import { LocaleProvider } from '../../src/ui/shared/i18n/locale-provider';
import { ProductListing } from '../../src/ui/shared/listing/product-listing';
import { NotificationsProvider } from '../../src/ui/shared/notifications/notifications';
import { SessionController } from '../../src/ui/shared/session/session-controller';
import { SessionProvider } from '../../src/ui/shared/session/session-context';

interface BenchData {
  products: ProductDoc[];
  categories: CategoryDoc[];
  categoryId: string;
}

interface RunTiming {
  /** until the product cards are in the DOM (render + commit). */
  commitMs: number;
  /** until the frame after the commit was painted. */
  paintMs: number;
  cards: number;
}

function snapshotOf(data: BenchData, version: number): CatalogSnapshot {
  // A fresh object per run: nothing cached by an earlier run applies.
  const products = data.products.map((p) => ({ ...p }));
  return { version, products, bySku: new Map(products.map((p) => [p.sku, p])), categories: [...data.categories], suppliers: [] };
}

function session(): SessionController {
  const bridge = createAppBridge({
    fetch: (input, init) => fetch(input, init),
    baseUrl: location.origin,
    tokens: createMemoryTokenStore(),
    cookies: { get: () => '', set: () => undefined },
  });
  return new SessionController({ bridge, storage: window.localStorage, profiles: createMemoryProfileCache(), reload: () => undefined });
}

/** Resolves when `host` holds product cards (React Router may commit the route a task after the shell). */
function cardsIn(host: HTMLElement): Promise<void> {
  const has = () => host.querySelector('[data-testid="product-card"]') !== null;
  if (has()) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!has()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(host, { childList: true, subtree: true });
  });
}

const nextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** What the shell shows: nothing, or the listing of run N. Navigation to a category swaps it in. */
let content: ReactNode = null;
const listeners = new Set<() => void>();
function show(next: ReactNode): void {
  content = next;
  for (const listener of listeners) listener();
}
function Slot() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => content,
  );
}

/**
 * The app shell (providers, router, local database opening) is mounted once and left to settle, as
 * it is in the app before a buyer opens a category. Each run then swaps in a category listing on a
 * fresh snapshot, the way a navigation does; run 1 is the first listing render of the page.
 */
async function mountShell(host: HTMLElement): Promise<void> {
  const router = createMemoryRouter([{ path: '*', element: <Slot /> }], { initialEntries: ['/c/bench/all'] });
  createRoot(host).render(
    <LocaleProvider>
      <NotificationsProvider>
        <SessionProvider controller={session()}>
          <h1 id="heading">Bench category</h1>
          <RouterProvider router={router} />
        </SessionProvider>
      </NotificationsProvider>
    </LocaleProvider>,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}

async function benchRender(runs: number): Promise<RunTiming[]> {
  const data = (await (await fetch('./data.json')).json()) as BenchData;
  await activateLocale('en-US');
  const host = document.createElement('main');
  document.body.append(host);
  await mountShell(host);
  const timings: RunTiming[] = [];
  for (let run = 0; run < runs; run++) {
    const snapshot = snapshotOf(data, run + 1);
    const scope = { categoryId: data.categoryId, includeSubcategories: true, supplierId: null };
    const start = performance.now();
    flushSync(() => show(<ProductListing key={run} snapshot={snapshot} scope={scope} labelledBy="heading" now={Date.UTC(2026, 10, 1)} />));
    await cardsIn(host);
    const commitMs = performance.now() - start;
    await nextPaint();
    const paintMs = performance.now() - start;
    timings.push({ commitMs, paintMs, cards: host.querySelectorAll('[data-testid="product-card"]').length });
    flushSync(() => show(null));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return timings;
}

declare global {
  interface Window {
    benchRender: typeof benchRender;
  }
}
window.benchRender = benchRender;
createRoot(document.getElementById('root') as HTMLElement).render(<p id="ready">ready</p>);
