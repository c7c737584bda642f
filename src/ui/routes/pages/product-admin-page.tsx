import { useEffect, useId, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AppDatabase } from '../../../db/database';
import { findProductsBySkuOrName, observeProduct } from '../../../db/queries/product-by-sku';
import type { ProductDoc } from '../../../db/schema/products';
import { patchProduct } from '../../../replication/admin-api';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import form from '../../components/form.module.css';
import { PageHeading } from '../../components/page-heading';
import { useDatabase } from '../../shared/database/database-provider';
import { useObservable } from '../../shared/database/use-observable';
import { useFormatMoney } from '../../shared/i18n/use-formatters';
import { errorText } from '../../shared/session/error-message';
import { useSession, useSessionController } from '../../shared/session/session-context';
import styles from '../../features/admin/admin.module.css';
import { NotFoundPage } from './not-found-page';

/** Products listed for one search, at most. */
const FOUND_LIMIT = 20;
/** What PATCH admin/products/{sku} accepts (src/contracts/sync.ts adminProductPatchSchema). */
const MAX_PRICE_CENTS = 100_000_000;
const MAX_QTY = 10_000_000;

/**
 * `/my-account/{product}-admin`: admins in admin mode only (docs/product-rules.md §4.8, §6); anyone else, or any other
 * segment, gets 404.
 * An administrator finds a product of the local catalogue by sku or name and changes its price, stock quantity
 * and in-stock flag on the bridge; the change reaches every open storefront through the change feed
 * (docs/product-rules.md §4.8).
 */
export function Component() {
  const { t } = useLingui();
  const { adminPage = '' } = useParams();
  // Admin mode off answers as for anyone else (docs/product-rules.md §4.8).
  const { adminMode } = useSession();
  const isAdminPath = /^[a-z0-9][a-z0-9-]*-admin$/i.test(adminPage);
  if (!isAdminPath || !adminMode) return <NotFoundPage />;
  return (
    <div className={styles.page}>
      <PageHeading>{t`Administration`}</PageHeading>
      <ProductAdmin />
    </div>
  );
}

function ProductAdmin() {
  const { t } = useLingui();
  const db = useDatabase();
  const formatMoney = useFormatMoney();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<{ query: string; products: ProductDoc[] } | null>(null);
  const [sku, setSku] = useState<string | null>(null);
  const trimmed = query.trim();

  useEffect(() => {
    if (!db || trimmed.length < 2) return undefined;
    let active = true;
    const timer = window.setTimeout(() => {
      findProductsBySkuOrName(db, trimmed, FOUND_LIMIT).then(
        (products) => active && setFound({ query: trimmed, products }),
        (error: unknown) => console.error('Product search failed', error),
      );
    }, 200);
    return () => {
      active = false;
      window.clearTimeout(timer);
    };
  }, [db, trimmed]);

  const current = found && found.query === trimmed ? found.products : null;
  return (
    <>
      <section className={form.stack} aria-labelledby={`${inputId}-heading`}>
        <h2 id={`${inputId}-heading`}>
          <Trans>Change a product</Trans>
        </h2>
        <label htmlFor={inputId} className={styles.label}>
          <Trans>Find a product by sku or name</Trans>
        </label>
        <input
          id={inputId}
          type="search"
          className={styles.input}
          value={query}
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        {current && current.length === 0 ? (
          <p role="status" className={styles.muted}>
            <Trans>No product in the catalogue on this device matches.</Trans>
          </p>
        ) : null}
        {current && current.length > 0 ? (
          <ul className={styles.products} aria-label={t`Products found`}>
            {current.map((product) => (
              <li key={product.sku}>
                <button
                  type="button"
                  className={`${styles.product} ${product.sku === sku ? styles.selected : ''}`}
                  aria-pressed={product.sku === sku}
                  onClick={() => setSku(product.sku)}
                >
                  <span className={styles.hitName}>{product.name}</span>
                  <span className={styles.hitEmail}>
                    {product.sku} · {formatMoney(product.price)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {db && sku ? <ProductEditor key={sku} db={db} sku={sku} /> : null}
    </>
  );
}

type EditorInput = { price: string; qty: string; is_in_stock: boolean };
type EditorOutput = { price: number; qty: number; is_in_stock: boolean };

function editorSchema(messages: { price: string; qty: string }) {
  return z.object({
    price: z
      .string()
      .trim()
      .regex(/^\d{1,7}([.,]\d{1,2})?$/, messages.price)
      .transform((text) => Math.round(Number(text.replace(',', '.')) * 100))
      .pipe(z.number().int().min(0).max(MAX_PRICE_CENTS, messages.price)),
    qty: z
      .string()
      .trim()
      .regex(/^\d{1,8}$/, messages.qty)
      .transform(Number)
      .pipe(z.number().int().min(0).max(MAX_QTY, messages.qty)),
    is_in_stock: z.boolean(),
  });
}

const euros = (cents: number): string => (cents / 100).toFixed(2);

/** The selected product, live from the local database (a change shows here when the feed brings it back). */
function ProductEditor({ db, sku }: { db: AppDatabase; sku: string }) {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const formatMoney = useFormatMoney();
  const product = useObservable(() => observeProduct(db, sku), [db, sku]);
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const schema = useMemo(
    () =>
      editorSchema({
        price: t`Enter a price in euros, such as 12.50`,
        qty: t`Enter a whole number of pieces, up to 10,000,000`,
      }),
    [t],
  );
  const { register, handleSubmit, formState, reset } = useForm<EditorInput, unknown, EditorOutput>({
    resolver: zodResolver(schema),
    defaultValues: { price: '', qty: '', is_in_stock: true },
  });
  const loaded = product ? product.sku : null;
  useEffect(() => {
    if (!product) return;
    reset({ price: euros(product.price), qty: String(product.qty), is_in_stock: product.is_in_stock });
    // Filled once per product: a later feed update must not overwrite what the admin is typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, reset]);

  if (product === undefined) return null;
  if (product === null) {
    return (
      <p role="status" className={styles.muted}>
        <Trans>This product is no longer in the catalogue.</Trans>
      </p>
    );
  }

  const submit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      const saved = await patchProduct(controller.bridge.client, sku, values);
      const price = formatMoney(saved.price);
      setOutcome({ tone: 'success', text: t`Saved: ${product.name} now costs ${price}, ${saved.qty} in stock.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(i18n, error) });
    }
  });
  const { errors, isSubmitting } = formState;
  const currentPrice = formatMoney(product.price);
  return (
    <section className={styles.card} aria-labelledby="product-admin-name">
      <h2 id="product-admin-name">{product.name}</h2>
      <p className={styles.muted}>
        <Trans>
          Sku {product.sku}. Now {currentPrice}, {product.qty} pieces, {product.is_in_stock ? t`in stock` : t`out of stock`}.
        </Trans>
      </p>
      <form className={form.stack} onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          id="product-admin-price"
          label={t`Price without VAT (€)`}
          inputMode="decimal"
          error={errors.price?.message}
          registration={register('price')}
        />
        <FormField
          id="product-admin-qty"
          label={t`Stock quantity`}
          inputMode="numeric"
          error={errors.qty?.message}
          registration={register('qty')}
        />
        <label className={styles.checkbox}>
          <input type="checkbox" {...register('is_in_stock')} />
          <Trans>In stock</Trans>
        </label>
        {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
        <Button type="submit" variant="primary" disabled={isSubmitting} busy={isSubmitting}>
          <Trans>Save the product</Trans>
        </Button>
      </form>
    </section>
  );
}
