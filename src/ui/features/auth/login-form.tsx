import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { emailSchema, loginPasswordSchema } from '../../../contracts/fields';
import { errorText, fieldErrorText } from '../../shared/session/error-message';
import { useSession } from '../../shared/session/session-context';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { Button } from '../../components/button';
import form from '../../components/form.module.css';

const loginFormSchema = z.object({ email: emailSchema, password: loginPasswordSchema });
type LoginFormInput = z.input<typeof loginFormSchema>;
type LoginFormOutput = z.output<typeof loginFormSchema>;

/** The one login form, on the login page and in the login modal. Success is seen as the session changing. */
export function LoginForm({ idPrefix }: { idPrefix: string }) {
  const { t, i18n } = useLingui();
  const { login } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onBlur',
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      await login(email, password);
    } catch (error) {
      // The typed values stay: only the message changes.
      setFailure(errorText(i18n, error));
    }
  });

  return (
    <form className={form.stack} onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <FormField
        id={`${idPrefix}-email`}
        label={t`Email`}
        type="email"
        autoComplete="username"
        error={fieldErrorText(i18n, errors.email?.message)}
        registration={register('email')}
      />
      <FormField
        id={`${idPrefix}-password`}
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        error={fieldErrorText(i18n, errors.password?.message)}
        registration={register('password')}
      />
      <Button type="submit" variant="primary" busy={isSubmitting}>
        {isSubmitting ? t`Logging in…` : t`Log in`}
      </Button>
    </form>
  );
}
