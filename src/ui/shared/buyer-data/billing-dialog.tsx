import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { billingFormSchema, type BillingDetails, type BillingFormInput } from '../../../contracts/billing';
import type { BillingView } from '../../../db/queries/addresses';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import form from '../../components/form.module.css';
import { fieldErrorText } from '../session/error-message';
import { VALIDATION_DEBOUNCE_MS } from './address-dialog';
import styles from './buyer-data.module.css';

/**
 * The billing details modal (checkout, billing details): what invoices are issued to, with the rules of
 * docs/product-rules.md §5 (a company name, a 9-digit tax number with a valid check digit, the tax office,
 * the invoicing address with a Greek postcode). Saved on the device, so it works offline.
 */
export function BillingDialog({
  billing,
  onSave,
  onClose,
}: {
  billing: BillingView['details'];
  onSave(values: BillingDetails): Promise<void>;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  const { register, handleSubmit, formState } = useForm<BillingFormInput, unknown, BillingDetails>({
    resolver: zodResolver(billingFormSchema),
    mode: 'onChange',
    delayError: VALIDATION_DEBOUNCE_MS,
    defaultValues: { ...billing },
  });
  const { errors, isSubmitting } = formState;
  const message = (text: string | undefined) => fieldErrorText(i18n, text);
  return (
    <Dialog title={t`Billing details`} onClose={onClose}>
      <form className={form.stack} onSubmit={handleSubmit(onSave)} noValidate>
        <FormField
          id="billing-company"
          label={t`Company`}
          autoComplete="organization"
          error={message(errors.company?.message)}
          registration={register('company')}
        />
        <div className={styles.pair}>
          <FormField
            id="billing-afm"
            label={t`Tax number (AFM)`}
            inputMode="numeric"
            error={message(errors.afm?.message)}
            registration={register('afm')}
          />
          <FormField
            id="billing-tax-office"
            label={t`Tax office`}
            error={message(errors.tax_office?.message)}
            registration={register('tax_office')}
          />
        </div>
        <FormField
          id="billing-street"
          label={t`Street and number`}
          autoComplete="street-address"
          error={message(errors.street?.message)}
          registration={register('street')}
        />
        <div className={styles.pair}>
          <FormField
            id="billing-city"
            label={t`City`}
            autoComplete="address-level2"
            error={message(errors.city?.message)}
            registration={register('city')}
          />
          <FormField
            id="billing-postcode"
            label={t`Postcode`}
            autoComplete="postal-code"
            inputMode="numeric"
            error={message(errors.postcode?.message)}
            registration={register('postcode')}
          />
        </div>
        <div className={styles.actions}>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="primary" busy={isSubmitting}>
            <Trans>Save billing details</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
