import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Customer } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import { DeleteAccountButton } from '../../shared/account/delete-account-dialog';
import { errorText, fieldErrorText } from '../../shared/session/error-message';
import { useSession, useSessionController } from '../../shared/session/session-context';
import buyerData from '../../shared/buyer-data/buyer-data.module.css';
import card from '../../components/card.module.css';
import form from '../../components/form.module.css';
import styles from './account.module.css';
import type { PasswordFormInput, PasswordFormOutput, ProfileFormInput, ProfileFormOutput } from './my-profile-schemas';
import { isNewEmail, passwordFormSchema, profileFormSchema } from './my-profile-schemas';

type Outcome = { tone: 'success' | 'error'; text: string };

/**
 * `/my-account/my-profile`: the customer's names, email and password. Both forms need the connection: offline,
 * a submit is refused with a message and everything typed stays in the form, as it does after any refusal.
 */
export function Component() {
  const { t } = useLingui();
  const { customer } = useSession();
  return (
    <div className={styles.page}>
      <PageHeading>{t`My profile`}</PageHeading>
      {customer ? (
        <>
          <ProfileForm key={customer.id} customer={customer} />
          <PasswordForm />
          <DeleteAccountSection />
        </>
      ) : null}
    </div>
  );
}

/** Names change at once; a new email changes only once the link mailed to it is opened. */
function ProfileForm({ customer }: { customer: Customer }) {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const headingId = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const schema = useMemo(() => profileFormSchema(customer.email), [customer.email]);
  const { register, handleSubmit, formState, control, reset } = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    defaultValues: { firstname: customer.firstname, lastname: customer.lastname, email: customer.email, current_password: '' },
  });
  const { errors, isSubmitting } = formState;
  const message = (text: string | undefined) => fieldErrorText(i18n, text);
  const emailChanging = isNewEmail(useWatch({ control, name: 'email' }), customer.email);

  const onSubmit = handleSubmit(async ({ firstname, lastname, email, current_password }) => {
    setOutcome(null);
    if (!navigator.onLine) {
      setOutcome({ tone: 'error', text: i18n._(M.checkNetwork) });
      return;
    }
    const newEmail = isNewEmail(email, customer.email);
    try {
      const { emailChangeSent } = await controller.updateProfile({ firstname, lastname, email }, newEmail ? current_password : undefined);
      // The address stays the old one until the mailed link is opened.
      reset({ firstname, lastname, email: emailChangeSent ? customer.email : email, current_password: '' });
      setOutcome({ tone: 'success', text: i18n._(emailChangeSent ? M.emailChangeSent : M.profileUpdated) });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(i18n, error) });
    }
  });

  return (
    <section className={`${card.card} ${card.roomy} ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>{t`Name and email`}</h2>
      <form className={form.stack} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
        <div className={buyerData.pair}>
          <FormField
            id="profile-firstname"
            label={t`First name`}
            autoComplete="given-name"
            error={message(errors.firstname?.message)}
            registration={register('firstname')}
          />
          <FormField
            id="profile-lastname"
            label={t`Last name`}
            autoComplete="family-name"
            error={message(errors.lastname?.message)}
            registration={register('lastname')}
          />
        </div>
        <FormField
          id="profile-email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          error={message(errors.email?.message)}
          registration={register('email')}
        />
        {emailChanging ? (
          <>
            <p
              className={styles.hint}
            >{t`To change your email address, enter your current password. We will send a link to the new address; it changes when you open it.`}</p>
            <FormField
              id="profile-current-password"
              label={t`Current password`}
              type="password"
              autoComplete="current-password"
              error={message(errors.current_password?.message)}
              registration={register('current_password')}
            />
          </>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={isSubmitting}>
            {isSubmitting ? t`Saving…` : t`Save changes`}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The bridge ends every session on a new password; the session controller signs this one in again. */
function PasswordForm() {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const headingId = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<PasswordFormInput, unknown, PasswordFormOutput>({
    resolver: zodResolver(passwordFormSchema),
    mode: 'onBlur',
    defaultValues: { old_password: '', new_password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;
  const message = (text: string | undefined) => fieldErrorText(i18n, text);

  const onSubmit = handleSubmit(async ({ old_password, new_password }) => {
    setOutcome(null);
    // docs/product-rules.md §5.6: the password screens refuse to work offline, in these words.
    if (!navigator.onLine) {
      setOutcome({ tone: 'error', text: i18n._(M.resetOffline) });
      return;
    }
    try {
      await controller.changePassword(old_password, new_password);
      reset();
      setOutcome({ tone: 'success', text: i18n._(M.passwordChanged) });
    } catch (error) {
      setOutcome({ tone: 'error', text: errorText(i18n, error, { network: M.resetOffline }) });
    }
  });

  return (
    <section className={`${card.card} ${card.roomy} ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>{t`Change password`}</h2>
      <form className={form.stack} onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
        <FormField
          id="password-current"
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          error={message(errors.old_password?.message)}
          registration={register('old_password')}
        />
        <FormField
          id="password-new"
          label={t`New password`}
          type="password"
          autoComplete="new-password"
          error={message(errors.new_password?.message)}
          registration={register('new_password')}
        />
        <FormField
          id="password-confirm"
          label={t`Confirm new password`}
          type="password"
          autoComplete="new-password"
          error={message(errors.confirm_password?.message)}
          registration={register('confirm_password')}
        />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" busy={isSubmitting}>
            {isSubmitting ? t`Changing password…` : t`Change password`}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The delete-account request (decision 024): explained here, asked in its modal. */
function DeleteAccountSection() {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className={`${card.card} ${card.roomy} ${styles.section}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>{t`Delete account`}</h2>
      <p className={styles.hint}>
        <Trans>You can ask us to delete your account and your personal data. Customer service handles the request within 30 days.</Trans>
      </p>
      <div className={styles.actions}>
        <DeleteAccountButton />
      </div>
    </section>
  );
}
