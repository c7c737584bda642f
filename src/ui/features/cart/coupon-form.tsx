import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { couponBodySchema } from '../../../contracts/cart';
import type { CartView } from '../../../db/queries/cart-view';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import type { CartActions } from '../../shared/cart/cart-context';
import { fieldErrorText } from '../../shared/session/error-message';
import styles from './cart.module.css';

const couponFormSchema = z.object({ coupon: couponBodySchema.shape.coupon });
type CouponInput = z.input<typeof couponFormSchema>;
type CouponOutput = z.output<typeof couponFormSchema>;

/**
 * The coupon of the cart (docs/product-rules.md §4 "Coupons"): the bridge alone knows the codes, so applying
 * and removing need a connection; a refused code keeps what was typed and says why.
 */
export function CouponForm({ coupon, actions }: { coupon: CartView['coupon']; actions: CartActions }) {
  const { t, i18n } = useLingui();
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const { register, handleSubmit, formState, reset } = useForm<CouponInput, unknown, CouponOutput>({
    resolver: zodResolver(couponFormSchema),
    defaultValues: { coupon: '' },
  });

  if (coupon) {
    return (
      <div className={styles.coupon}>
        <p>
          {coupon.applied ? (
            <Trans>
              Coupon <strong>{coupon.code}</strong> applied.
            </Trans>
          ) : (
            <Trans>
              Coupon <strong>{coupon.code}</strong> kept, but the goods in your cart do not meet its conditions.
            </Trans>
          )}
        </p>
        {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
        <Button
          size="small"
          busy={removing}
          aria-label={t`Remove coupon ${coupon.code}`}
          onClick={() => {
            setRemoving(true);
            void actions.removeCoupon().then((refused) => {
              setRemoving(false);
              setProblem(refused);
            });
          }}
        >
          <Trans>Remove</Trans>
        </Button>
      </div>
    );
  }

  const onSubmit = handleSubmit(async ({ coupon: code }) => {
    setProblem(null);
    const refused = await actions.applyCoupon(code);
    if (refused) setProblem(refused);
    else reset({ coupon: '' });
  });
  return (
    <form className={styles.coupon} onSubmit={onSubmit} noValidate>
      {problem ? <FormAlert tone="error">{problem}</FormAlert> : null}
      <div className={styles.couponRow}>
        <FormField
          label={t`Coupon code`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          error={fieldErrorText(i18n, formState.errors.coupon?.message)}
          registration={register('coupon')}
        />
        <Button type="submit" size="small" busy={formState.isSubmitting}>
          <Trans>Apply</Trans>
        </Button>
      </div>
    </form>
  );
}
