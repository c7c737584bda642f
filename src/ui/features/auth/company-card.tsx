import { useLingui } from '@lingui/react/macro';
import type { CompanyInfo } from '../../../contracts/auth';
import styles from './company-card.module.css';

/** What the registry knows about the company, so the person can confirm it is theirs. */
export function CompanyCard({ company }: { company: CompanyInfo }) {
  const { t } = useLingui();
  const address = `${company.street}, ${company.postcode} ${company.city}`;
  return (
    <dl className={styles.company}>
      <dt>{t`Legal name`}</dt>
      <dd>{company.legal_name}</dd>
      {company.trade_name ? (
        <>
          <dt>{t`Trade name`}</dt>
          <dd>{company.trade_name}</dd>
        </>
      ) : null}
      <dt>{t`Tax office`}</dt>
      <dd>{company.tax_office}</dd>
      <dt>{t`Address`}</dt>
      <dd>{address}</dd>
    </dl>
  );
}
