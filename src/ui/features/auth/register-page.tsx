import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanyInfo } from '../../../contracts/auth';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { AccountForm } from './account-form';
import { CompanyCard } from './company-card';
import { CompanyLookupForm } from './company-lookup-form';
import styles from './auth-form.module.css';

/** Registration (SPEC §2): tax number → company shown → the first user's account → signed in, home. */
export function Component() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [company, setCompany] = useState<CompanyInfo | null>(null);
  return (
    <div className={styles.page}>
      <PageHeading>{t`Create an account`}</PageHeading>
      <CompanyLookupForm onCompany={setCompany} />
      {company ? (
        <>
          <CompanyCard company={company} />
          <AccountForm key={company.afm} afm={company.afm} onRegistered={() => navigate(paths.home, { replace: true })} />
        </>
      ) : null}
      <p className={styles.links}>
        <Link to={paths.login}>
          <Trans>Already have an account? Log in</Trans>
        </Link>
      </p>
    </div>
  );
}
