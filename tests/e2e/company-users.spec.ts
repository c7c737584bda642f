import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, NEW_PASSWORD, uniqueEmail } from './support/accounts';
import { buyersOf } from './support/cart';
import { plainProducts, pullAll, type CatalogProduct } from './support/catalog-api';
import { waitForCatalogReady } from './support/catalog-ui';
import { seededCustomer } from './support/checkout';
import { linkIn, newestMailTo } from './support/outbox';
import { homeHeading, logIn, logOut } from './support/session';

/*
 * Users of a company and invitations (decision 026): a super user invites a new colleague (refused offline
 * with the address kept), the colleague accepts from the mailed link with a new password and signs in again
 * with it, then the super user makes the colleague a super user and removes them. The owner is a seeded one
 * no other test signs in as unless screenshots are asked for.
 */

const owner = seededCustomer('cust-0008');

async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  const dir = process.env.SCREENS_DIR ?? '/tmp/screens-users';
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a super user invites a colleague, who accepts and sees the company’s favourites; the super user changes their role and removes them', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const colleague = uniqueEmail('colleague');
  const ownerContext = await browser.newContext();
  const colleagueContext = await browser.newContext();
  const page = await ownerContext.newPage();
  try {
    // A favourite of the company, marked by the owner (through the bridge, as another device of theirs would).
    const { token, buyers } = await buyersOf(request, owner.email);
    const favorite = plainProducts(await pullAll<CatalogProduct>(request, token, 'products')).find((p) => p.type_id === 'simple')!;
    const marked = await request.post('/api/bridge/buyer/favorites/v1/push', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        buyer_id: buyers[0]!.id,
        rows: [
          {
            newDocumentState: {
              sku: favorite.sku,
              supplier_id: favorite.supplier_id,
              favorite_since: Date.now(),
              updated_at: Date.now(),
              _deleted: false,
            },
          },
        ],
      },
    });
    expect(marked.status()).toBe(200);

    await logIn(page, owner.email, DEMO_PASSWORD);
    await page.getByRole('button', { name: 'My account' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Users of / })).toBeVisible();
    const users = page.getByRole('list', { name: 'Users of the company' });
    await expect(users.getByRole('listitem').filter({ hasText: owner.email })).toContainText('Super user');

    // Add user: refused offline with the address kept, then sent.
    await page.getByRole('button', { name: 'Add user' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add user' });
    await addDialog.getByLabel('Email').fill(colleague);
    await shot(page, 'users-add-user-modal');
    await ownerContext.setOffline(true);
    await addDialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(addDialog.getByText('Please check your network connection')).toBeVisible();
    await expect(addDialog.getByLabel('Email')).toHaveValue(colleague);
    await ownerContext.setOffline(false);
    await addDialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(addDialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'The invitation has been sent' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Invitations' })).toContainText(colleague);
    await shot(page, 'users-page');

    // The colleague accepts from the mail, signed out, and creates a password.
    const mail = await newestMailTo(colleague, '/accept-invitation');
    const link = new URL(linkIn(mail, '/accept-invitation'));
    const other = await colleagueContext.newPage();
    await other.goto(`${link.pathname}${link.search}`);
    await expect(other.getByRole('heading', { level: 1, name: /^Invitation to / })).toBeVisible();
    await other.getByLabel('First name').fill('Ελένη');
    await other.getByLabel('Last name').fill('Συνάδελφος');
    await other.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await other.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await other.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(homeHeading(other)).toBeVisible();
    await logOut(other);
    await logIn(other, colleague, NEW_PASSWORD);
    // The company's favourites are the colleague's too.
    await waitForCatalogReady(other);
    await other.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Favourites' }).click();
    await expect(other.locator(`[data-testid="product-card"][data-sku="${favorite.sku}"]`)).toBeVisible();

    // The super user sees the colleague, makes them a super user, then removes them.
    await page.reload();
    const entry = users.getByRole('listitem').filter({ hasText: colleague });
    await expect(entry).toContainText('User');
    await expect(page.getByRole('list', { name: 'Invitations' })).toHaveCount(0);
    await entry.getByRole('button', { name: 'Edit the role of Ελένη Συνάδελφος' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Edit user role' });
    await roleDialog.getByRole('radio', { name: /^Super user/ }).check();
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await expect(roleDialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Role successfully changed' })).toBeVisible();
    await expect(entry).toContainText('Super user');

    await entry.getByRole('button', { name: 'Delete Ελένη Συνάδελφος' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete user' });
    await deleteDialog.getByRole('button', { name: 'Delete user' }).click();
    await expect(deleteDialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'The user has been removed from the company' })).toBeVisible();
    await expect(users.getByRole('listitem').filter({ hasText: colleague })).toHaveCount(0);
  } finally {
    await ownerContext.close();
    await colleagueContext.close();
  }
});
