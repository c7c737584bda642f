import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { emailSchema } from '../../../contracts/fields';
import { M } from '../../../contracts/messages';
import { requestPasswordReset } from '../../../replication/auth-api';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { errorText, fieldErrorText } from '../../shared/session/error-message';
import { useSessionController } from '../../shared/session/session-context';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/button';
import form from '../../components/form.module.css';
import styles from '../../components/narrow-page.module.css';

const forgotFormSchema = z.object({ email: emailSchema });
type ForgotFormInput = z.input<typeof forgotFormSchema>;
type ForgotFormOutput = z.output<typeof forgotFormSchema>;

type Outcome = { tone: 'error' | 'success'; text: string } | null;

/** Forgot password (docs/product-rules.md §2): the bridge mails a reset link; the answer never says whether the account exists. */
export function Component() {
  const { t, i18n } = useLingui();
  const { bridge } = useSessionController();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { register, handleSubmit, formState } = useForm<ForgotFormInput, unknown, ForgotFormOutput>({
    resolver: zodResolver(forgotFormSchema),
    mode: 'onBlur',
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email }) => {
    setOutcome(null);
    if (!navigator.onLine) {
      setOutcome({ tone: 'error', text: i18n._(M.resetOffline) });
      return;
    }
    try {
      await requestPasswordReset(bridge.client, email);
      setOutcome({ tone: 'success', text: i18n._(M.resetMailSent) });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(i18n, error, { network: M.resetOffline }) });
    }
  });

  return (
    <div className={styles.page}>
      <PageHeading>{t`Forgot your password?`}</PageHeading>
      <form className={form.stack} onSubmit={onSubmit} noValidate>
        {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
        <FormField
          id="forgot-email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          error={fieldErrorText(i18n, errors.email?.message)}
          registration={register('email')}
        />
        <Button type="submit" variant="primary" busy={isSubmitting}>
          {isSubmitting ? t`Sending…` : t`Send reset link`}
        </Button>
      </form>
      <p className={styles.links}>
        <Link to={paths.login}>
          <Trans>Back to log in</Trans>
        </Link>
      </p>
    </div>
  );
}
