import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { PriceAppearanceFields, usePriceAppearanceChoice } from '../../shared/catalog/price-appearance';
import { useNotify } from '../../shared/notifications/notifications';
import styles from './account.module.css';

/**
 * `/my-account/price-appearance`: prices with or without VAT (docs/product-rules.md §1). The choice is the
 * customer's, kept on the bridge; once saved, every price on screen changes at once. It needs the connection.
 * The same choice as the selector modal of the listings.
 */
export function Component() {
  const { t } = useLingui();
  const notify = useNotify();
  const choice = usePriceAppearanceChoice();

  const save = async () => {
    const failure = await choice.save();
    if (failure === null) notify({ type: 'success', message: t`Price appearance has successfully been changed` });
    else notify({ type: 'error', message: failure });
  };

  return (
    <div className={styles.page}>
      <PageHeading>{t`Price appearance`}</PageHeading>
      <PriceAppearanceFields choice={choice} />
      <div>
        <Button variant="primary" busy={choice.saving} disabled={choice.withVat === choice.current} onClick={() => void save()}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </div>
  );
}
