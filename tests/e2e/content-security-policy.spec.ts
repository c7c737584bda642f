import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { CompactCategory } from '../../src/contracts/sync';
import { DEMO, DEMO_PASSWORD } from './support/accounts';
import { apiLogin, plainProducts, pullAll, unaccented, type CatalogProduct } from './support/catalog-api';
import { waitForCatalogReady } from './support/catalog-ui';
import { REPO_ROOT } from './support/e2e-env';
import { logIn } from './support/session';

/**
 * The built storefront runs under the bridge's strict Content-Security-Policy (server/http/security-headers.ts):
 * no inline script or style, no eval. Every `securitypolicyviolation` event and every CSP console error
 * while a buyer signs in and browses counts; none is allowed. And the build's source maps are not published.
 */

declare global {
  interface Window {
    e2eReportCspViolation?: (text: string) => void;
  }
}

async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('e2eReportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener(
      'securitypolicyviolation',
      (event) => {
        void window.e2eReportCspViolation?.(
          `${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
        );
      },
      true,
    );
  });
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

test('signing in and browsing home, a category, a product and the search panel raises no CSP violation', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await apiLogin(page.request, DEMO.user, DEMO_PASSWORD);
  const [products, categories] = await Promise.all([
    pullAll<CatalogProduct>(page.request, token, 'products'),
    pullAll<CompactCategory>(page.request, token, 'categories'),
  ]);
  const product = plainProducts(products)[0];
  const category = categories.find((c) => c.is_active && c.level >= 2 && c.product_count > 0);
  if (!product || !category) throw new Error('the seed has no plain product, or no category with products');

  const violations = await collectCspViolations(page);
  const login = await page.goto('/login');
  const csp = login?.headers()['content-security-policy'] ?? '';
  // Without the header there would be nothing to violate: the policy must be there and strict.
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe');

  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
  await logIn(page, DEMO.user, DEMO_PASSWORD);
  await waitForCatalogReady(page);
  // The catalogue's pulls ran in their module worker (decision 037), under the same policy.
  expect(workers.filter((worker) => /^\/assets\/catalog-page-worker-[\w-]+\.js$/.test(worker))).toHaveLength(1);

  await page.goto(`/c/${category.slug}`);
  await expect(page.getByRole('main').getByTestId('product-card').first()).toBeVisible();

  await page.goto(`/p/${product.sku}/${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name_en || product.name })).toBeVisible();

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Search' });
  await panel.getByRole('searchbox', { name: 'Search products' }).fill(unaccented(product.name));
  await expect(panel.getByText(/\d+ products? found/)).toBeVisible();
  await panel.getByRole('button', { name: 'Close search' }).click();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  // Let late work (service worker, images, live events) report too.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the build keeps its source maps to itself, and carries no RxDB dev-mode', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('index.html names no entry script');
  // The map exists in the build (so this test would notice it being served)...
  expect(existsSync(path.join(REPO_ROOT, 'dist', `${entry}.map`))).toBe(true);
  // ...but the bridge does not serve it, and the script does not point at it.
  for (const url of [`${entry}.map`, '/sw.js.map']) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(404);
    expect(await res.text(), url).not.toContain('"sources"');
  }
  const script = await (await request.get(entry)).text();
  expect(script).not.toContain('sourceMappingURL');

  const built = readdirSync(path.join(REPO_ROOT, 'dist', 'assets')).filter((f) => f.endsWith('.js'));
  const devMode = built.filter((f) => readFileSync(path.join(REPO_ROOT, 'dist', 'assets', f), 'utf8').includes('RxDB dev-mode warning'));
  expect(devMode).toEqual([]);
});
