import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { errorText, fieldErrorText } from '../../shared/session/error-message';
import { useSessionController } from '../../shared/session/session-context';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import type { AccountFormInput, AccountFormOutput } from './register-schemas';
import { accountFormSchema } from './register-schemas';
import { Button } from '../../components/button';
import form from '../../components/form.module.css';

interface AccountFormProps {
  afm: string;
  /**
   * 'register': the company's first user (a new buyer). 'join': the company is already a buyer; the
   * account joins it once a super user approves. Either way success signs the person in.
   */
  mode?: 'register' | 'join';
  onRegistered(): void;
}

/** Registration step 2: the person's account; success signs them in. */
export function AccountForm({ afm, mode = 'register', onRegistered }: AccountFormProps) {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<AccountFormInput, unknown, AccountFormOutput>({
    resolver: zodResolver(accountFormSchema),
    mode: 'onBlur',
    defaultValues: { firstname: '', lastname: '', email: '', password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;
  const message = (text: string | undefined) => fieldErrorText(i18n, text);

  const onSubmit = handleSubmit(async ({ firstname, lastname, email, password }) => {
    setFailure(null);
    try {
      const request = { customer: { email, firstname, lastname, taxvat: afm }, password };
      await (mode === 'join' ? controller.requestInvitation(request) : controller.register(request));
      onRegistered();
    } catch (error) {
      setFailure(errorText(i18n, error));
    }
  });

  return (
    <form className={form.stack} onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <FormField
        id="register-firstname"
        label={t`First name`}
        autoComplete="given-name"
        error={message(errors.firstname?.message)}
        registration={register('firstname')}
      />
      <FormField
        id="register-lastname"
        label={t`Last name`}
        autoComplete="family-name"
        error={message(errors.lastname?.message)}
        registration={register('lastname')}
      />
      <FormField
        id="register-email"
        label={t`Email`}
        type="email"
        autoComplete="email"
        error={message(errors.email?.message)}
        registration={register('email')}
      />
      <FormField
        id="register-password"
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        error={message(errors.password?.message)}
        registration={register('password')}
      />
      <FormField
        id="register-confirm-password"
        label={t`Confirm password`}
        type="password"
        autoComplete="new-password"
        error={message(errors.confirm_password?.message)}
        registration={register('confirm_password')}
      />
      <Button type="submit" variant="primary" busy={isSubmitting}>
        {isSubmitting ? t`Creating account…` : mode === 'join' ? t`Create account and ask to join` : t`Create account`}
      </Button>
    </form>
  );
}
