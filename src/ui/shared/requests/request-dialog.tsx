import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { z } from 'zod';
import { optionalText400 } from '../../../contracts/fields';
import { queueBuyerRequest, type BuyerRequestTarget } from '../../../db/commands/requests';
import { syncTaskState } from '../../../db/queries/sync-tasks';
import { systemClock } from '../../../domain/clock';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import form from '../../components/form.module.css';
import { TextAreaField } from '../../components/text-area-field';
import { useDatabase } from '../database/database-provider';
import { useOrderQueue } from '../orders/order-queue-context';
import { fieldErrorText } from '../session/error-message';
import { useSession } from '../session/session-context';

const messageSchema = z.object({ message: optionalText400 });
type MessageInput = z.input<typeof messageSchema>;

type Outcome = { state: 'sent' } | { state: 'queued' } | { state: 'refused'; description: string };

/**
 * A request's modal (docs/product-rules.md §2: wholesale price, add suppliers, locked supplier): an optional
 * message, then the confirmation. The request goes through the outbox, so it is kept offline and sent once
 * when the connection returns; the confirmation says which of the two happened, or why the bridge refused it.
 */
export function RequestDialog({
  title,
  description,
  request,
  onClose,
}: {
  title: string;
  description: string;
  request: BuyerRequestTarget;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  const db = useDatabase();
  const queue = useOrderQueue();
  const { customer, selectedBuyerId } = useSession();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const { register, handleSubmit, formState } = useForm<MessageInput, unknown, z.output<typeof messageSchema>>({
    resolver: zodResolver(messageSchema),
    mode: 'onChange',
    defaultValues: { message: '' },
  });
  const submit = handleSubmit(async ({ message }) => {
    if (!db || !customer || !selectedBuyerId) return;
    const task = await queueBuyerRequest(
      db,
      { customerId: customer.id, buyerId: selectedBuyerId },
      { ...request, message },
      systemClock.now(),
    );
    if (navigator.onLine) await queue?.sendOutbox();
    const left = await syncTaskState(db, task.id);
    if (left.state === 'done') setOutcome({ state: 'sent' });
    else if (left.state === 'refused') setOutcome({ state: 'refused', description: left.description });
    else setOutcome({ state: 'queued' });
  });

  return (
    <Dialog title={title} description={outcome ? undefined : description} onClose={onClose}>
      {outcome ? (
        <div className={form.stack}>
          {outcome.state === 'sent' ? <FormAlert tone="success">{t`Your request has been sent.`}</FormAlert> : null}
          {outcome.state === 'queued' ? (
            <FormAlert tone="success">{t`Your request is saved on this device and will be sent when the connection returns.`}</FormAlert>
          ) : null}
          {outcome.state === 'refused' ? (
            <FormAlert tone="error">{i18n._(outcome.description || t`Something went wrong`)}</FormAlert>
          ) : null}
          <Button variant="primary" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        </div>
      ) : (
        <form className={form.stack} onSubmit={submit} noValidate>
          <TextAreaField
            label={t`Message (optional)`}
            error={fieldErrorText(i18n, formState.errors.message?.message)}
            registration={register('message')}
          />
          <div className={form.actions}>
            <Button onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="primary" busy={formState.isSubmitting}>
              <Trans>Send request</Trans>
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** A button that opens a request's modal. */
export function RequestButton({ label, ...dialog }: { label: string } & Omit<Parameters<typeof RequestDialog>[0], 'onClose'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{label}</Button>
      {open ? <RequestDialog {...dialog} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
