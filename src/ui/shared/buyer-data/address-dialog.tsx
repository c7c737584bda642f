import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { addressFormSchema, type AddressFormInput, type AddressFormOutput } from '../../../contracts/address';
import type { AddressDoc } from '../../../db/schema/addresses';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormField } from '../../components/form-field';
import form from '../../components/form.module.css';
import { fieldErrorText } from '../session/error-message';
import styles from './buyer-data.module.css';

/** Field messages show while typing, once the person paused (docs/product-rules.md §9 validation debounce). */
export const VALIDATION_DEBOUNCE_MS = 100;

/**
 * The address modal (checkout, shipping details): adds or edits a delivery address of the buyer, with the rules of
 * docs/product-rules.md §5 (required names, street and number, a city, a Greek postcode, a phone of at least
 * 10 digits). Saved on the device, so it works offline.
 */
export function AddressDialog({
  address,
  onSave,
  onClose,
}: {
  address?: AddressDoc | undefined;
  onSave(values: AddressFormOutput): Promise<void>;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  const { register, handleSubmit, formState } = useForm<AddressFormInput, unknown, AddressFormOutput>({
    resolver: zodResolver(addressFormSchema),
    mode: 'onChange',
    delayError: VALIDATION_DEBOUNCE_MS,
    defaultValues: {
      alias: address?.alias ?? '',
      firstname: address?.firstname ?? '',
      lastname: address?.lastname ?? '',
      street: address?.street ?? '',
      number: address?.number ?? '',
      city: address?.city ?? '',
      postcode: address?.postcode ?? '',
      region: address?.region ?? '',
      phone: address?.phone ?? '',
      comment: address?.comment ?? '',
      is_default: address?.is_default ?? false,
    },
  });
  const { errors, isSubmitting } = formState;
  const message = (text: string | undefined) => fieldErrorText(i18n, text);
  const submit = handleSubmit(onSave);
  return (
    <Dialog title={address ? t`Edit address` : t`New delivery address`} onClose={onClose}>
      <form className={form.stack} onSubmit={submit} noValidate>
        <FormField
          id="address-alias"
          label={t`Name of this address (optional)`}
          error={message(errors.alias?.message)}
          registration={register('alias')}
        />
        <div className={styles.pair}>
          <FormField
            id="address-firstname"
            label={t`First name`}
            autoComplete="given-name"
            error={message(errors.firstname?.message)}
            registration={register('firstname')}
          />
          <FormField
            id="address-lastname"
            label={t`Last name`}
            autoComplete="family-name"
            error={message(errors.lastname?.message)}
            registration={register('lastname')}
          />
        </div>
        <div className={styles.pair}>
          <FormField
            id="address-street"
            label={t`Street`}
            autoComplete="address-line1"
            error={message(errors.street?.message)}
            registration={register('street')}
          />
          <FormField id="address-number" label={t`Number`} error={message(errors.number?.message)} registration={register('number')} />
        </div>
        <div className={styles.pair}>
          <FormField
            id="address-city"
            label={t`City`}
            autoComplete="address-level2"
            error={message(errors.city?.message)}
            registration={register('city')}
          />
          <FormField
            id="address-postcode"
            label={t`Postcode`}
            autoComplete="postal-code"
            inputMode="numeric"
            error={message(errors.postcode?.message)}
            registration={register('postcode')}
          />
        </div>
        <FormField
          id="address-region"
          label={t`Region (optional)`}
          error={message(errors.region?.message)}
          registration={register('region')}
        />
        <FormField
          id="address-phone"
          label={t`Phone`}
          type="tel"
          autoComplete="tel"
          error={message(errors.phone?.message)}
          registration={register('phone')}
        />
        <FormField
          id="address-comment"
          label={t`Delivery notes (optional)`}
          error={message(errors.comment?.message)}
          registration={register('comment')}
        />
        <label className={styles.checkbox}>
          <input type="checkbox" {...register('is_default')} />
          <Trans>Use as my default address</Trans>
        </label>
        <div className={styles.actions}>
          <Button onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="primary" busy={isSubmitting}>
            <Trans>Save address</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
