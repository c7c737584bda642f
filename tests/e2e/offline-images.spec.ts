import { mkdir } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, uniqueEmail } from './support/accounts';
import { seriousViolations } from './support/axe';
import { apiLogin, plainProducts, pullAll, type CatalogProduct, type CatalogSupplier } from './support/catalog-api';
import { cutNetwork, waitForCatalogReady, waitForServiceWorkerControl } from './support/catalog-ui';
import { cartButton, cartDialog } from './support/cart';
import { REGISTRATION_SLOTS, prospectCompany } from './support/companies';
import { linkIn, newestMailTo } from './support/outbox';
import { confirmByApi, registerByApi } from './support/register';
import { logIn } from './support/session';

/*
 * Issue 15 point 5 (decision 029): pictures seen online, and the thumbnails of the cart and favourites that were
 * never shown on this device, load offline from the service worker's caches; a picture never fetched shows the
 * placeholder, not a broken image; the account's offline-images page measures them and clears them.
 */

const thumbnail = (p: CatalogProduct) => `/media/product/${p.sku}/thumbnail.svg`;
const gallery = (p: CatalogProduct) => `/media/product/${p.sku}/gallery.svg`;

type Shown = { src: string | null; loaded: boolean; placeholder: boolean };
const shown = (image: Locator): Promise<Shown> =>
  image.evaluate((img: HTMLImageElement) => ({
    src: img.getAttribute('src'),
    loaded: img.complete && img.naturalWidth > 0,
    placeholder: img.dataset.placeholder === 'true',
  }));

/** The picture itself (not the placeholder) is drawn. */
async function expectPicture(image: Locator, src: string): Promise<void> {
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => shown(image), { message: `${src} drawn`, timeout: 10_000 }).toEqual({ src, loaded: true, placeholder: false });
}

async function cachedIn(page: Page, cacheName: string, paths: string[]): Promise<boolean[]> {
  return page.evaluate(
    async ({ cacheName, paths }) => {
      const cache = await caches.open(cacheName);
      return Promise.all(paths.map(async (p) => (await cache.match(new URL(p, location.origin).href)) !== undefined));
    },
    { cacheName, paths },
  );
}

async function push(request: APIRequestContext, token: string, path: string, buyerId: string, doc: Record<string, unknown>) {
  const res = await request.post(path, {
    headers: { authorization: `Bearer ${token}` },
    data: { buyer_id: buyerId, rows: [{ newDocumentState: doc }] },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('pictures seen, in the cart and in favourites show offline; an unseen one shows the placeholder; the account page measures and clears them', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const company = prospectCompany(REGISTRATION_SLOTS.offlineImages, testInfo.retry);
  const buyer = { afm: company.afm, email: uniqueEmail('images'), password: 'Images-pass-7', firstname: 'Ελένη', lastname: 'Εικόνα' };
  await registerByApi(request, buyer);
  // Changing the cart needs a confirmed address (decision 017).
  await confirmByApi(request, buyer.email, linkIn(await newestMailTo(buyer.email, '/confirm-email?token='), '/confirm-email?token='));
  const login = await request.post('/api/client/user/login', { data: { username: buyer.email, password: buyer.password } });
  const { result: token, meta } = (await login.json()) as { result: string; meta: { userData: { buyers: { id: string }[] } } };
  const buyerId = meta.userData.buyers[0]!.id;

  const admin = await apiLogin(request, DEMO.admin, DEMO_PASSWORD);
  const suppliers = (await pullAll<CatalogSupplier>(request, admin, 'suppliers')).filter((s) => s.status === 'active');
  const products = plainProducts(await pullAll<CatalogProduct>(request, admin, 'products')).filter(
    (p) => p.type_id === 'simple' && p.is_in_stock && suppliers.some((s) => s.id === p.supplier_id),
  );

  await logIn(page, buyer.email, buyer.password);
  await waitForServiceWorkerControl(page);
  await waitForCatalogReady(page);
  const cardSkus = () => page.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-sku')));
  // Every product card shown online (home, listing, the product page's related products) is seen: the cart's,
  // the favourite's and the unseen product are chosen among the others.
  const shownCards = new Set(await cardSkus());

  // Online: a listing and a product page are seen.
  const listed = suppliers.find((s) => products.filter((p) => p.supplier_id === s.id).length >= 4)!;
  await page.goto(`/c/all/s/${listed.slug}`);
  const listingImages = page.getByRole('main').getByTestId('product-card').locator('img');
  const seenOnListing: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    const image = listingImages.nth(i);
    const src = (await image.getAttribute('src'))!;
    await expectPicture(image, src);
    seenOnListing.push(src);
  }
  for (const sku of await cardSkus()) shownCards.add(sku);
  const viewed = products.find((p) => p.supplier_id !== listed.id && !shownCards.has(p.sku))!;
  await page.goto(`/p/${viewed.sku}/${viewed.slug}`);
  const viewedName = viewed.name_en || viewed.name;
  await expectPicture(page.getByRole('main').getByRole('img', { name: viewedName, exact: true }), gallery(viewed));
  for (const sku of await cardSkus()) shownCards.add(sku);

  const others = products.filter((p) => p.supplier_id !== listed.id && p.sku !== viewed.sku && !shownCards.has(p.sku));
  const [inCart, favourite, unseen] = others;
  if (!inCart || !favourite || !unseen) throw new Error('the seed has too few products for this test');

  // A colleague's device adds to the cart and marks a favourite; this device only pulls them (at its next start),
  // on a page that shows no product.
  const now = Date.now();
  await push(request, token, '/api/bridge/buyer/cart/v1/lines/push', buyerId, {
    id: `e2e-images-${now}`,
    sku: inCart.sku,
    supplier_id: inCart.supplier_id,
    qty: 1,
    price: inCart.price,
    tax_rate: 13,
    name: inCart.name,
    image: thumbnail(inCart),
    type_id: 'simple',
    updated_at: now,
    _deleted: false,
  });
  await push(request, token, '/api/bridge/buyer/favorites/v1/push', buyerId, {
    sku: favourite.sku,
    supplier_id: favourite.supplier_id,
    favorite_since: now,
    updated_at: now,
    _deleted: false,
  });
  await page.goto('/my-account');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  // The cart's and the favourite's thumbnails were fetched ahead of time, never shown here.
  await expect
    .poll(() => cachedIn(page, 'media-pinned', [thumbnail(inCart), thumbnail(favourite)]), { timeout: 30_000 })
    .toEqual([true, true]);
  expect(await cachedIn(page, 'media-images', [thumbnail(inCart), thumbnail(favourite), gallery(unseen)])).toEqual([false, false, false]);

  // Offline, after a reload: every one of them is drawn from the device.
  await cutNetwork(context);
  await page.goto(`/c/all/s/${listed.slug}`);
  for (const [i, src] of seenOnListing.entries()) await expectPicture(listingImages.nth(i), src);
  await page.reload();
  await expectPicture(listingImages.first(), seenOnListing[0]!);
  await page.goto(`/p/${viewed.sku}/${viewed.slug}`);
  await expectPicture(page.getByRole('main').getByRole('img', { name: viewedName, exact: true }), gallery(viewed));

  await cartButton(page).click();
  // The pushed line's VAT rate may differ from the catalogue's: the cart first shows the change, with the picture.
  const priceChange = page.getByRole('dialog', { name: 'Prices have changed' });
  await expect(cartDialog(page).or(priceChange)).toBeVisible();
  if (await priceChange.isVisible()) {
    await expectPicture(priceChange.getByRole('listitem').locator('img'), thumbnail(inCart));
    await priceChange.getByRole('button', { name: 'Accept new prices' }).click();
  }
  await expectPicture(cartDialog(page).getByRole('listitem').filter({ hasText: inCart.sku }).locator('img'), thumbnail(inCart));
  await page.keyboard.press('Escape');

  await page.goto('/my-account/favorites');
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  await expectPicture(page.locator(`[data-testid="product-card"][data-sku="${favourite.sku}"] img`), thumbnail(favourite));

  // A product never seen: the placeholder, with the product's name still its alternative text.
  await page.goto(`/p/${unseen.sku}/${unseen.slug}`);
  const unseenName = unseen.name_en || unseen.name;
  await expect(page.getByRole('heading', { level: 1, name: unseenName })).toBeVisible();
  const placeholder = page.getByRole('main').getByRole('img', { name: unseenName, exact: true });
  await expect
    .poll(() => shown(placeholder), { timeout: 10_000 })
    .toEqual({ src: '/images/product-placeholder.svg', loaded: true, placeholder: true });

  // The account page, still offline: what the pictures take, then clearing them.
  await page.goto('/my-account');
  await page.getByRole('link', { name: 'Offline images' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offline images' })).toBeVisible();
  const count = page.getByTestId('offline-images-count');
  await expect(count).toHaveText(/^\d+$/);
  expect(Number(await count.textContent())).toBeGreaterThanOrEqual(seenOnListing.length + 3);
  await expect(page.getByTestId('offline-images-used')).toHaveText(/^\d+(\.\d)? (kB|MB)$/);
  await expect(page.getByTestId('offline-images-used')).not.toHaveText('0 kB');
  await page.getByRole('button', { name: 'Clear offline images' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear offline images?' });
  await confirm.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(count).toHaveText('0');
  await expect(page.getByTestId('offline-images-used')).toHaveText('0 kB');
  expect(await cachedIn(page, 'media-pinned', [thumbnail(inCart)])).toEqual([false]);
});

const SCREENS_DIR = process.env.SCREENS_DIR ?? '/tmp/screens';

for (const width of [390, 1280]) {
  test(`the offline-images page has no serious or critical axe violation at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await logIn(page, DEMO.user, DEMO_PASSWORD);
    // Pictures seen with the service worker in control, so the page has something to show.
    await waitForServiceWorkerControl(page);
    const firstCard = page.getByTestId('product-card').first().locator('img');
    await firstCard.scrollIntoViewIfNeeded();
    await expect.poll(() => shown(firstCard)).toMatchObject({ loaded: true, placeholder: false });
    await page.goto('/my-account/offline-images');
    await expect(page.getByRole('heading', { level: 1, name: 'Offline images' })).toBeVisible();
    await expect(page.getByTestId('offline-images-used')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.SCREENSHOTS) {
      await mkdir(SCREENS_DIR, { recursive: true });
      await page.screenshot({ path: `${SCREENS_DIR}/offline-images-${width}.png`, fullPage: true });
      const clear = page.getByRole('button', { name: 'Clear offline images' });
      if (await clear.isEnabled()) {
        await clear.click();
        await expect(page.getByRole('dialog', { name: 'Clear offline images?' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: `${SCREENS_DIR}/offline-images-clear-${width}.png` });
      }
    }
  });
}
