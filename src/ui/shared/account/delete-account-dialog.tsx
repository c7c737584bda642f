import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { deleteAccountRequestSchema, type DeletionRequestState } from '../../../contracts/account-requests';
import { M } from '../../../contracts/messages';
import { fetchDeletionRequest, requestAccountDeletion } from '../../../replication/account-requests-api';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import form from '../../components/form.module.css';
import { TextAreaField } from '../../components/text-area-field';
import { useFormatDateTime } from '../i18n/use-formatters';
import { errorText, fieldErrorText } from '../session/error-message';
import { useSessionController } from '../session/session-context';
import styles from './delete-account-dialog.module.css';

const formSchema = deleteAccountRequestSchema.extend({
  understood: z.literal(true, { error: M.required }),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/**
 * The delete-account modal (docs/decisions/024-account-requests.md): what deleting means, an optional reason, a
 * confirmation, then the request goes to customer service. It needs the connection: offline it says so and keeps
 * what was typed. An open request is shown instead of the form.
 */
export function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const dateTime = useFormatDateTime();
  // undefined while the bridge is asked; offline nobody can ask, so the form shows (and refuses to send).
  const [open, setOpen] = useState<DeletionRequestState | undefined>(() => (navigator.onLine ? undefined : null));
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    mode: 'onSubmit',
    defaultValues: { reason: '' },
  });

  useEffect(() => {
    if (!navigator.onLine) return undefined;
    let stopped = false;
    fetchDeletionRequest(controller.bridge.client)
      .then((state) => !stopped && setOpen(state))
      .catch(() => !stopped && setOpen(null));
    return () => {
      stopped = true;
    };
  }, [controller]);

  const submit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    if (!navigator.onLine) {
      setFailure(i18n._(M.checkNetwork));
      return;
    }
    try {
      setOpen(await requestAccountDeletion(controller.bridge.client, { reason }));
      setSent(true);
    } catch (error) {
      setFailure(errorText(i18n, error));
    }
  });

  return (
    <Dialog title={t`Delete account`} onClose={onClose}>
      {open ? (
        <div className={form.stack}>
          <FormAlert tone="success">
            {sent
              ? t`Your request has been sent. Customer service will handle it within 30 days and write to you; we also sent you a copy by email.`
              : t`You asked to delete your account on ${dateTime(new Date(open.requested_at))}. Customer service will write to you when it is done.`}
          </FormAlert>
          <Button variant="primary" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </div>
      ) : (
        <form className={form.stack} onSubmit={submit} noValidate>
          <div className={styles.explain}>
            <p>
              <Trans>
                Customer service deletes your account and your personal data within 30 days. Orders stay in the records of the companies and
                suppliers, as tax law requires. Your companies stay for your colleagues.
              </Trans>
            </p>
            <p>
              <Trans>If you are the only super user of a company, customer service will ask you who takes over first.</Trans>
            </p>
          </div>
          {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
          <TextAreaField
            label={t`Why are you leaving? (optional)`}
            error={fieldErrorText(i18n, formState.errors.reason?.message)}
            registration={register('reason')}
          />
          <label className={styles.confirm}>
            <input
              type="checkbox"
              aria-invalid={formState.errors.understood ? true : undefined}
              aria-describedby={formState.errors.understood ? 'delete-understood-error' : undefined}
              {...register('understood')}
            />
            <span>
              <Trans>I understand that my account will be deleted</Trans>
            </span>
          </label>
          {formState.errors.understood ? (
            <p id="delete-understood-error" className={styles.error}>
              {fieldErrorText(i18n, formState.errors.understood.message)}
            </p>
          ) : null}
          <div className={form.actions}>
            <Button onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="danger" busy={formState.isSubmitting} disabled={open === undefined}>
              <Trans>Ask to delete my account</Trans>
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** A button that opens the delete-account modal. */
export function DeleteAccountButton() {
  const [shown, setShown] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setShown(true)}>
        <Trans>Delete account</Trans>
      </Button>
      {shown ? <DeleteAccountDialog onClose={() => setShown(false)} /> : null}
    </>
  );
}
