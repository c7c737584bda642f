import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import type { BuyerUser, Invitation, Role } from '../../../contracts/company-users';
import { emailSchema } from '../../../contracts/fields';
import { M } from '../../../contracts/messages';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { errorText, fieldErrorText } from '../../shared/session/error-message';
import form from '../../components/form.module.css';
import styles from './users.module.css';

/**
 * The modals of the users page. Each runs its action itself: offline it refuses at once with
 * M.checkNetwork and stays open with what was typed; a refusal of the bridge is shown in it too.
 * `onDone` gets the bridge's answer (an `M` text) after a success.
 */
type Action = () => Promise<string>;

function useAction(onDone: (text: string) => void) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: Action) => {
    setFailure(null);
    if (!navigator.onLine) {
      setFailure(i18n._(M.checkNetwork));
      return;
    }
    setBusy(true);
    try {
      const text = await action();
      setBusy(false);
      onDone(text);
    } catch (error) {
      setBusy(false);
      setFailure(errorText(i18n, error));
    }
  };
  return { busy, failure, run };
}

type Common = { onClose(): void; onDone(text: string): void };

export function EditRoleDialog(props: Common & { user: BuyerUser; self: boolean; onSave(role: Role): Promise<string> }) {
  const { t } = useLingui();
  const { user, self } = props;
  const [role, setRole] = useState<Role>(user.isSuperUser ? 'super_user' : 'user');
  const { busy, failure, run } = useAction(props.onDone);
  const name = `${user.firstname} ${user.lastname}`;
  return (
    <Dialog
      title={t`Edit user role`}
      description={self ? t`This is your own role: the page reloads your profile after the change.` : t`The role of ${name}.`}
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{t`Cancel`}</Button>
          <Button variant="primary" busy={busy} onClick={() => void run(() => props.onSave(role))}>
            {t`Change role`}
          </Button>
        </>
      }
    >
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <fieldset className={styles.roles}>
        <legend>{t`Role of ${name}`}</legend>
        <label>
          <input type="radio" name="role" value="super_user" checked={role === 'super_user'} onChange={() => setRole('super_user')} />{' '}
          {t`Super user: orders, sees all orders, manages users and invitations`}
        </label>
        <label>
          <input type="radio" name="role" value="user" checked={role === 'user'} onChange={() => setRole('user')} />{' '}
          {t`User: orders for the company`}
        </label>
      </fieldset>
    </Dialog>
  );
}

export function DeleteUserDialog(props: Common & { user: BuyerUser; self: boolean; onConfirm(): Promise<string> }) {
  const { t } = useLingui();
  const { busy, failure, run } = useAction(props.onDone);
  const name = `${props.user.firstname} ${props.user.lastname}`;
  return (
    <Dialog
      title={t`Delete user`}
      description={
        props.self
          ? t`You will no longer be a user of this company, and you will be signed out.`
          : t`${name} (${props.user.email}) will no longer be able to order for this company. Their account is kept.`
      }
      onClose={props.onClose}
      footer={
        <>
          <Button onClick={props.onClose}>{t`Cancel`}</Button>
          <Button variant="danger" busy={busy} onClick={() => void run(props.onConfirm)}>
            {t`Delete user`}
          </Button>
        </>
      }
    >
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
    </Dialog>
  );
}

export function InvitationDialog(props: Common & { invitation: Invitation; onResend(): Promise<string>; onRevoke(): Promise<string> }) {
  const { t } = useLingui();
  const { busy, failure, run } = useAction(props.onDone);
  const email = props.invitation.email;
  return (
    <Dialog
      title={t`Resend or cancel invitation`}
      description={t`The invitation to ${email}. Sent again, the new link replaces the old one; cancelled, the link stops working.`}
      onClose={props.onClose}
      footer={
        <>
          <Button variant="danger" busy={busy} onClick={() => void run(props.onRevoke)}>
            {t`Cancel invitation`}
          </Button>
          <Button variant="primary" busy={busy} onClick={() => void run(props.onResend)}>
            {t`Resend invitation`}
          </Button>
        </>
      }
    >
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
    </Dialog>
  );
}

const addUserSchema = z.object({ email: emailSchema });
type AddUserInput = z.input<typeof addUserSchema>;
type AddUserOutput = z.output<typeof addUserSchema>;

export function AddUserDialog(props: Common & { onInvite(email: string): Promise<string> }) {
  const { t, i18n } = useLingui();
  const { busy, failure, run } = useAction(props.onDone);
  const { register, handleSubmit, formState } = useForm<AddUserInput, unknown, AddUserOutput>({
    resolver: zodResolver(addUserSchema),
    mode: 'onBlur',
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(({ email }) => run(() => props.onInvite(email)));
  return (
    <Dialog title={t`Add user`} description={t`We email an invitation link, valid for 7 days.`} onClose={props.onClose}>
      <form className={form.stack} onSubmit={onSubmit} noValidate>
        {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
        <FormField
          id="invite-email"
          label={t`Email`}
          type="email"
          autoComplete="off"
          error={fieldErrorText(i18n, formState.errors.email?.message)}
          registration={register('email')}
        />
        <div className={styles.dialogActions}>
          <Button onClick={props.onClose}>{t`Cancel`}</Button>
          <Button type="submit" variant="primary" busy={busy}>
            {t`Send invitation`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
