import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isBridgeError } from '../../../replication/bridge-error';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { useNotify } from '../../shared/notifications/notifications';
import { useSession, useSessionController } from '../../shared/session/session-context';
import buyerData from '../../shared/buyer-data/buyer-data.module.css';
import styles from './account.module.css';

/**
 * `/my-account/price-appearance`: prices with or without VAT (docs/product-rules.md §1). The choice is the
 * customer's, kept on the bridge; once saved, every price on screen changes at once. It needs the connection.
 */
export function Component() {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const controller = useSessionController();
  const { customer } = useSession();
  const current = customer?.show_prices_with_vat === true;
  const [choice, setChoice] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);
  const withVat = choice ?? current;

  const save = async () => {
    setSaving(true);
    try {
      await controller.changePriceAppearance(withVat);
      setChoice(null);
      notify({ type: 'success', message: t`Price appearance has successfully been changed` });
    } catch (error) {
      notify({ type: 'error', message: i18n._(isBridgeError(error) ? error.description : t`Something went wrong`) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeading>{t`Price appearance`}</PageHeading>
      <fieldset className={styles.choices}>
        <legend>{t`Show prices`}</legend>
        <label className={buyerData.checkbox}>
          <input type="radio" name="price-appearance" checked={!withVat} onChange={() => setChoice(false)} />
          <Trans>Without VAT</Trans>
        </label>
        <label className={buyerData.checkbox}>
          <input type="radio" name="price-appearance" checked={withVat} onChange={() => setChoice(true)} />
          <Trans>With VAT</Trans>
        </label>
      </fieldset>
      <div>
        <Button variant="primary" busy={saving} disabled={withVat === current} onClick={() => void save()}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </div>
  );
}
