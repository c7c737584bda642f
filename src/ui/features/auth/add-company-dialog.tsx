import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import type { CompanyInfo } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import { addCompany, checkTaxId } from '../../../replication/auth-api';
import { isBridgeError } from '../../../replication/bridge-error';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import { useNotify } from '../../shared/notifications/notifications';
import { errorText, fieldErrorText } from '../../shared/session/error-message';
import { useSession, useSessionController } from '../../shared/session/session-context';
import { CompanyCard } from './company-card';
import { taxIdFormSchema, type TaxIdFormInput, type TaxIdFormOutput } from './register-schemas';
import form from '../../components/form.module.css';

/** What the lookup found: a company to create, or a buyer whose super users are asked to let the customer in. */
type Found = { kind: 'new'; company: CompanyInfo } | { kind: 'member'; afm: string };

/**
 * "Add a company" (docs/product-rules.md §6.2): the tax number is looked up like at registration, the
 * company shown, then added with the customer as its super user, or, if it is already a buyer, a request
 * to join it goes to its super users. Offline nothing is sent and the typed tax number stays.
 */
export function AddCompanyDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useLingui();
  const controller = useSessionController();
  const { buyers } = useSession();
  const notify = useNotify();
  const [found, setFound] = useState<Found | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const { register, handleSubmit, formState } = useForm<TaxIdFormInput, unknown, TaxIdFormOutput>({
    resolver: zodResolver(taxIdFormSchema),
    mode: 'onBlur',
    defaultValues: { tax_id: '' },
  });
  const { errors, isSubmitting } = formState;

  const onFind = handleSubmit(async ({ tax_id }) => {
    setFailure(null);
    setFound(null);
    if (buyers.some((buyer) => buyer.afm === tax_id)) {
      setFailure(i18n._(M.alreadyUserOfBuyer));
      return;
    }
    if (!navigator.onLine) {
      setFailure(i18n._(M.checkNetwork));
      return;
    }
    try {
      setFound({ kind: 'new', company: await checkTaxId(controller.bridge.client, tax_id) });
    } catch (error) {
      if (isBridgeError(error) && error.code === 409 && error.description === M.buyerExists) setFound({ kind: 'member', afm: tax_id });
      else setFailure(errorText(i18n, error));
    }
  });

  const confirm = async (afm: string) => {
    setFailure(null);
    if (!navigator.onLine) {
      setFailure(i18n._(M.checkNetwork));
      return;
    }
    setAdding(true);
    try {
      const result = await addCompany(controller.bridge.client, afm);
      // The new company appears in the company switch once the profile is read again.
      if (result.outcome === 'created') {
        await controller.refreshProfile().catch((error: unknown) => console.warn('Profile reload after adding a company failed', error));
      }
      notify({ type: 'success', message: i18n._(result.message) });
      onClose();
    } catch (error) {
      setAdding(false);
      setFailure(errorText(i18n, error));
    }
  };

  return (
    <Dialog title={t`Add a company`} onClose={onClose}>
      <div className={form.stack}>
        <form className={form.stack} onSubmit={onFind} noValidate>
          {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
          <FormField
            id="add-company-tax-id"
            label={t`Tax number (ΑΦΜ)`}
            inputMode="numeric"
            autoComplete="off"
            error={fieldErrorText(i18n, errors.tax_id?.message)}
            registration={register('tax_id')}
          />
          <Button type="submit" busy={isSubmitting}>
            {isSubmitting ? t`Finding company…` : t`Find company`}
          </Button>
        </form>
        {found?.kind === 'new' ? (
          <>
            <CompanyCard company={found.company} />
            <Button variant="primary" busy={adding} onClick={() => void confirm(found.company.afm)}>
              {t`Add this company`}
            </Button>
          </>
        ) : null}
        {found?.kind === 'member' ? (
          <>
            <p>{t`This company is already a member of the marketplace. You can ask its super users to add you.`}</p>
            <Button variant="primary" busy={adding} onClick={() => void confirm(found.afm)}>
              {t`Ask to join`}
            </Button>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
