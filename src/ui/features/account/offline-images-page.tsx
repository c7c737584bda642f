import { useCallback, useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SEEN_MEDIA_MAX_ENTRIES } from '../../../replication/media-cache-policy';
import { clearOfflineImages, measureOfflineImages, type OfflineImagesUsage } from '../../../replication/offline-images';
import { Button } from '../../components/button';
import card from '../../components/card.module.css';
import { Dialog } from '../../components/dialog';
import { PageHeading } from '../../components/page-heading';
import { useNotify } from '../../shared/notifications/notifications';
import { formatBytes } from './format-bytes';
import styles from './account.module.css';

interface Measured {
  images: OfflineImagesUsage;
  /** The browser's own estimate for the whole site (every database and cache), when it gives one. */
  estimate: { usage: number; quota: number } | null;
}

const cacheStorage = (): CacheStorage | undefined => (typeof caches === 'undefined' ? undefined : caches);

async function measure(): Promise<Measured> {
  const [images, estimate] = await Promise.all([
    measureOfflineImages(cacheStorage()),
    navigator.storage?.estimate?.().then(
      (e) => (e.usage !== undefined && e.quota !== undefined ? { usage: e.usage, quota: e.quota } : null),
      () => null,
    ) ?? Promise.resolve(null),
  ]);
  return { images, estimate };
}

/**
 * `/my-account/offline-images`: what the product pictures kept for offline use take on this device, their budget,
 * the browser's estimate for the whole site, and "Clear offline images" (with a confirmation). Works offline.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const usageId = useId();
  const [measured, setMeasured] = useState<Measured | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const refresh = useCallback(() => {
    void measure().then(setMeasured, (error: unknown) => {
      console.warn('Offline pictures could not be measured', error);
      setMeasured({ images: { count: 0, pinned: 0, bytes: 0 }, estimate: null });
    });
  }, []);
  useEffect(refresh, [refresh]);

  const clear = async (): Promise<void> => {
    setClearing(true);
    try {
      await clearOfflineImages(cacheStorage());
      notify({ type: 'success', message: t`Offline images cleared` });
    } finally {
      setClearing(false);
      setConfirming(false);
      refresh();
    }
  };

  const bytes = (n: number) => formatBytes(n, i18n.locale);
  const images = measured?.images;
  const budget = SEEN_MEDIA_MAX_ENTRIES.toLocaleString(i18n.locale);
  const estimate = measured?.estimate;
  const usage = estimate ? bytes(estimate.usage) : '';
  const quota = estimate ? bytes(estimate.quota) : '';
  return (
    <div className={styles.page}>
      <PageHeading>{t`Offline images`}</PageHeading>
      <p>
        <Trans>
          Pictures of the products you have seen on this device, and of everything in your cart and favourites, are kept here so that
          product pages show them without a connection.
        </Trans>
      </p>
      <section className={`${card.card} ${card.roomy} ${styles.section}`} aria-labelledby={usageId}>
        <h2 id={usageId} className={styles.sectionHeading}>{t`Storage on this device`}</h2>
        {images === undefined ? (
          <p role="status">{t`Loading…`}</p>
        ) : (
          <dl className={styles.facts}>
            <dt>{t`Used by offline images`}</dt>
            <dd data-testid="offline-images-used">{bytes(images.bytes)}</dd>
            <dt>{t`Images kept`}</dt>
            <dd data-testid="offline-images-count">{images.count.toLocaleString(i18n.locale)}</dd>
            <dt>{t`Of them, for your cart and favourites`}</dt>
            <dd>{images.pinned.toLocaleString(i18n.locale)}</dd>
            <dt>{t`Budget`}</dt>
            <dd>{t`The ${budget} most recently seen images, for at most 30 days, plus those of your cart and favourites`}</dd>
            {estimate ? (
              <>
                <dt>{t`Whole site, as the browser estimates it`}</dt>
                <dd>{t`${usage} of ${quota} available`}</dd>
              </>
            ) : null}
          </dl>
        )}
        <p className={styles.hint}>
          <Trans>
            When the device runs out of space, offline images are cleared first: your cart, favourites, orders and anything waiting to be
            sent stay.
          </Trans>
        </p>
        <div>
          <Button variant="danger" disabled={!images || images.count === 0} onClick={() => setConfirming(true)}>
            <Trans>Clear offline images</Trans>
          </Button>
        </div>
      </section>
      {confirming ? (
        <Dialog
          title={t`Clear offline images?`}
          description={t`The pictures are downloaded again when you see them online; those of your cart and favourites when they change. Nothing else is deleted.`}
          onClose={() => setConfirming(false)}
          footer={
            <>
              <Button onClick={() => setConfirming(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant="danger" busy={clearing} onClick={() => void clear()}>
                <Trans>Clear</Trans>
              </Button>
            </>
          }
        >
          <p>{t`Until then, products show a placeholder picture when you are offline.`}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
