import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import type { CompanyInfo } from '../../../contracts/auth';
import { M } from '../../../contracts/messages';
import { checkTaxId } from '../../../replication/auth-api';
import { isBridgeError } from '../../../replication/bridge-error';
import { errorText, fieldErrorText } from '../../shared/session/error-message';
import { useSessionController } from '../../shared/session/session-context';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-field';
import type { TaxIdFormInput, TaxIdFormOutput } from './register-schemas';
import { taxIdFormSchema } from './register-schemas';
import { Button } from '../../components/button';
import form from '../../components/form.module.css';

interface CompanyLookupFormProps {
  /** null while a new lookup runs or after one failed: the account step disappears. */
  onCompany(company: CompanyInfo | null): void;
  /** The company is already a buyer: the person may ask to join it instead (null when a new lookup starts). */
  onMemberCompany?(afm: string | null): void;
}

/** Registration step 1: the tax number (ΑΦΜ) finds the company in the registry. */
export function CompanyLookupForm({ onCompany, onMemberCompany }: CompanyLookupFormProps) {
  const { t, i18n } = useLingui();
  const { bridge } = useSessionController();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<TaxIdFormInput, unknown, TaxIdFormOutput>({
    resolver: zodResolver(taxIdFormSchema),
    mode: 'onBlur',
    defaultValues: { tax_id: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ tax_id }) => {
    setFailure(null);
    onCompany(null);
    onMemberCompany?.(null);
    try {
      onCompany(await checkTaxId(bridge.client, tax_id));
    } catch (error) {
      // 404 "Company info not found…" and 409 "This company is already a member…" arrive as descriptions.
      setFailure(errorText(i18n, error));
      if (isBridgeError(error) && error.code === 409 && error.description === M.buyerExists) onMemberCompany?.(tax_id);
    }
  });

  return (
    <form className={form.stack} onSubmit={onSubmit} noValidate>
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
      <FormField
        id="register-tax-id"
        label={t`Tax number (ΑΦΜ)`}
        inputMode="numeric"
        autoComplete="off"
        error={fieldErrorText(i18n, errors.tax_id?.message)}
        registration={register('tax_id')}
      />
      <Button type="submit" variant="primary" busy={isSubmitting}>
        {isSubmitting ? t`Finding company…` : t`Find company`}
      </Button>
    </form>
  );
}
