import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { passwordSchema } from '../../../contracts/fields';
import { M } from '../../../contracts/messages';
import { resetPassword } from '../../../replication/auth-api';
import { isBridgeError } from '../../../replication/bridge-error';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { useNotify } from '../../shared/notifications/notifications';
import { errorText, fieldErrorText } from '../../shared/session/error-message';
import { useSessionController } from '../../shared/session/session-context';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/button';
import form from '../../components/form.module.css';
import styles from '../../components/narrow-page.module.css';

const resetFormSchema = z
  .object({ password: passwordSchema, confirm_password: z.string({ error: M.required }).min(1, M.required) })
  .refine((v) => v.password === v.confirm_password, { message: M.passwordsDiffer, path: ['confirm_password'] });
type ResetFormInput = z.input<typeof resetFormSchema>;
type ResetFormOutput = z.output<typeof resetFormSchema>;

/** An expired or unknown link: say so and offer a new one. */
function ExpiredLink() {
  const { i18n } = useLingui();
  return (
    <FormAlert tone="error">
      {i18n._(M.tokenExpired)}{' '}
      <Link to={paths.forgotPassword}>
        <Trans>Ask for a new link</Trans>
      </Link>
    </FormAlert>
  );
}

/** Reset password (docs/product-rules.md §2), reached from the mailed link `/reset-password?token=…`. */
export function Component() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { bridge } = useSessionController();
  const notify = useNotify();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<'expired' | string | null>(token ? null : 'expired');
  const { register, handleSubmit, formState } = useForm<ResetFormInput, unknown, ResetFormOutput>({
    resolver: zodResolver(resetFormSchema),
    mode: 'onBlur',
    defaultValues: { password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    if (!navigator.onLine) {
      setFailure(i18n._(M.resetOffline));
      return;
    }
    try {
      await resetPassword(bridge.client, password, token);
      notify({ type: 'success', message: i18n._(M.passwordChanged) });
      navigate(paths.login, { replace: true });
    } catch (error) {
      const expired = isBridgeError(error) && error.description === M.tokenExpired;
      setFailure(expired ? 'expired' : errorText(i18n, error, { network: M.resetOffline }));
    }
  });

  return (
    <div className={styles.page}>
      <PageHeading>{t`Reset password`}</PageHeading>
      <form className={form.stack} onSubmit={onSubmit} noValidate>
        {failure === 'expired' ? <ExpiredLink /> : failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
        <FormField
          id="reset-password"
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          error={fieldErrorText(i18n, errors.password?.message)}
          registration={register('password')}
        />
        <FormField
          id="reset-confirm-password"
          label={t`Confirm password`}
          type="password"
          autoComplete="new-password"
          error={fieldErrorText(i18n, errors.confirm_password?.message)}
          registration={register('confirm_password')}
        />
        <Button type="submit" variant="primary" busy={isSubmitting}>
          {isSubmitting ? t`Changing password…` : t`Change password`}
        </Button>
      </form>
    </div>
  );
}
