import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanyInfo } from '../../../contracts/auth';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../routes/paths';
import { AccountForm } from './account-form';
import { CompanyCard } from './company-card';
import { CompanyLookupForm } from './company-lookup-form';
import form from '../../components/form.module.css';
import page from '../../components/narrow-page.module.css';
import styles from './register-page.module.css';

/** The company is already a buyer: the person can still create an account and ask its super users to let them in. */
function JoinCompany({ afm, onRegistered }: { afm: string; onRegistered(): void }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className={form.stack} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.subheading}>{t`Ask to join this company`}</h2>
      <p>
        <Trans>
          Create your account and we will ask the company's super users to approve it. You can order for the company once they do.
        </Trans>
      </p>
      <AccountForm key={afm} afm={afm} mode="join" onRegistered={onRegistered} />
    </section>
  );
}

/**
 * Registration (docs/product-rules.md §2): tax number → company shown → the first user's account → signed in, home, where
 * a notice asks to confirm the email address. A company that is already a buyer offers to ask to join it.
 */
export function Component() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [company, setCompany] = useState<CompanyInfo | null>(null);
  const [memberAfm, setMemberAfm] = useState<string | null>(null);
  const goHome = () => navigate(paths.home, { replace: true });
  return (
    <div className={page.page}>
      <PageHeading>{t`Create an account`}</PageHeading>
      <CompanyLookupForm onCompany={setCompany} onMemberCompany={setMemberAfm} />
      {company ? (
        <>
          <CompanyCard company={company} />
          <AccountForm key={company.afm} afm={company.afm} onRegistered={goHome} />
        </>
      ) : null}
      {memberAfm ? <JoinCompany afm={memberAfm} onRegistered={goHome} /> : null}
      <p className={page.links}>
        <Link to={paths.login}>
          <Trans>Already have an account? Log in</Trans>
        </Link>
      </p>
    </div>
  );
}
