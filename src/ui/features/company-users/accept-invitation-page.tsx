import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import type { InvitationInfo } from '../../../contracts/company-users';
import { passwordSchema, personNameSchema } from '../../../contracts/fields';
import { M } from '../../../contracts/messages';
import { checkInvitation, joinByInvitation } from '../../../replication/company-users-api';
import { isBridgeError } from '../../../replication/bridge-error';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { useNotify } from '../../shared/notifications/notifications';
import { errorText, fieldErrorText } from '../../shared/session/error-message';
import { useSessionController, useSessionSnapshot } from '../../shared/session/session-context';
import form from '../../components/form.module.css';
import styles from '../../components/narrow-page.module.css';

const newAccountSchema = z
  .object({
    firstname: personNameSchema,
    lastname: personNameSchema,
    password: passwordSchema,
    confirm_password: z.string({ error: M.required }).min(1, M.required),
  })
  .refine((v) => v.password === v.confirm_password, { message: M.passwordsDiffer, path: ['confirm_password'] });
type NewAccountInput = z.input<typeof newAccountSchema>;
type NewAccountOutput = z.output<typeof newAccountSchema>;

type Check = { state: 'checking' } | { state: 'failed'; text: string; retry: boolean } | { state: 'ready'; info: InvitationInfo };

/** Asks the bridge what the link is for; the token is only looked at here, it is spent by accepting. */
function useInvitation(token: string): [Check, () => void] {
  const { i18n } = useLingui();
  const { bridge } = useSessionController();
  const [round, setRound] = useState(0);
  const [check, setCheck] = useState<Check>(() =>
    token ? { state: 'checking' } : { state: 'failed', text: i18n._(M.invitationNotFound), retry: false },
  );
  useEffect(() => {
    if (!token) return undefined;
    let current = true;
    checkInvitation(bridge.client, token).then(
      (info) => current && setCheck({ state: 'ready', info }),
      (error: unknown) =>
        current && setCheck({ state: 'failed', text: errorText(i18n, error), retry: !isBridgeError(error) || error.kind === 'network' }),
    );
    return () => {
      current = false;
    };
  }, [bridge, token, i18n, round]);
  return [
    check,
    () => {
      setCheck({ state: 'checking' });
      setRound((n) => n + 1);
    },
  ];
}

/** The newcomer creates the account: names and a password (the rules of every password). */
function NewAccountForm({ token, info }: { token: string; info: InvitationInfo }) {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const navigate = useNavigate();
  const notify = useNotify();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<NewAccountInput, unknown, NewAccountOutput>({
    resolver: zodResolver(newAccountSchema),
    mode: 'onBlur',
    defaultValues: { firstname: '', lastname: '', password: '', confirm_password: '' },
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async ({ firstname, lastname, password }) => {
    setFailure(null);
    // Offline the form stays as typed: nothing is sent, the person tries again when connected.
    if (!navigator.onLine) {
      setFailure(i18n._(M.checkNetwork));
      return;
    }
    try {
      await controller.acceptInvitation({ token, firstname, lastname, password });
      notify({ type: 'success', message: i18n._(M.invitationAccepted) });
      navigate(paths.home, { replace: true });
    } catch (error) {
      setFailure(errorText(i18n, error));
    }
  });
  return (
    <form className={form.stack} onSubmit={onSubmit} noValidate aria-label={t`Accept invitation`}>
      <p>{t`Create your account for ${info.email} and choose a password.`}</p>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <FormField
        id="invitation-firstname"
        label={t`First name`}
        autoComplete="given-name"
        error={fieldErrorText(i18n, errors.firstname?.message)}
        registration={register('firstname')}
      />
      <FormField
        id="invitation-lastname"
        label={t`Last name`}
        autoComplete="family-name"
        error={fieldErrorText(i18n, errors.lastname?.message)}
        registration={register('lastname')}
      />
      <FormField
        id="invitation-password"
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        error={fieldErrorText(i18n, errors.password?.message)}
        registration={register('password')}
      />
      <FormField
        id="invitation-confirm-password"
        label={t`Confirm password`}
        type="password"
        autoComplete="new-password"
        error={fieldErrorText(i18n, errors.confirm_password?.message)}
        registration={register('confirm_password')}
      />
      <Button type="submit" variant="primary" busy={isSubmitting}>
        {t`Accept invitation`}
      </Button>
    </form>
  );
}

/** The signed-in customer the invitation is for adds the company to theirs. */
function JoinAsCustomer({ token, info }: { token: string; info: InvitationInfo }) {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const { customer } = useSessionSnapshot();
  const navigate = useNavigate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (customer && customer.email.toLowerCase() !== info.email.toLowerCase()) {
    return <FormAlert tone="error">{i18n._(M.invitationOtherUser)}</FormAlert>;
  }
  const join = async () => {
    setFailure(null);
    if (!navigator.onLine) {
      setFailure(i18n._(M.checkNetwork));
      return;
    }
    setBusy(true);
    try {
      const text = await joinByInvitation(controller.bridge.client, token);
      await controller.refreshProfile().catch((error: unknown) => console.warn('Profile reload after joining failed', error));
      notify({ type: 'success', message: i18n._(text) });
      navigate(paths.home, { replace: true });
    } catch (error) {
      setBusy(false);
      setFailure(errorText(i18n, error));
    }
  };
  return (
    <div className={form.stack}>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <Button variant="primary" busy={busy} onClick={() => void join()}>
        {t`Accept invitation`}
      </Button>
    </div>
  );
}

/** `/accept-invitation?token=…`, the link of an invitation mail (signed in or not; docs/decisions/026-company-users.md). */
export function Component() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token') ?? '';
  const [check, retry] = useInvitation(token);
  const { status } = useSessionSnapshot();
  const signedIn = status === 'authenticated';
  const company = check.state === 'ready' ? check.info.company : '';
  return (
    <div className={styles.page}>
      <PageHeading>{company ? t`Invitation to ${company}` : t`Accept invitation`}</PageHeading>
      {check.state === 'checking' ? <p role="status">{t`Checking the invitation…`}</p> : null}
      {check.state === 'failed' ? <FormAlert tone="error">{check.text}</FormAlert> : null}
      {check.state === 'failed' && check.retry ? <Button onClick={retry}>{t`Try again`}</Button> : null}
      {check.state === 'ready' && signedIn ? <JoinAsCustomer token={token} info={check.info} /> : null}
      {check.state === 'ready' && !signedIn && !check.info.has_account ? <NewAccountForm token={token} info={check.info} /> : null}
      {check.state === 'ready' && !signedIn && check.info.has_account ? (
        <>
          <FormAlert tone="error">{i18n._(M.invitationSignIn)}</FormAlert>
          <p className={styles.links}>
            <Link to={paths.login} state={{ from: { pathname: location.pathname, search: location.search } }}>
              <Trans>Log in</Trans>
            </Link>
          </p>
        </>
      ) : null}
    </div>
  );
}
