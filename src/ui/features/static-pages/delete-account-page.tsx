import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../routes/paths';
import { Section, StaticPage } from './static-page';

/**
 * `/delete-account`: what deleting an account means and how to ask for it. The request itself is the
 * delete-account dialog of the account area (docs/product-rules.md §2.5); this page only explains.
 */
export function Component() {
  const { t } = useLingui();
  return (
    <StaticPage heading={t`Delete account`}>
      <p>
        <Trans>You can ask us at any time to delete your account. Please read what it means before you ask: it cannot be undone.</Trans>
      </p>

      <Section title={t`What is deleted`}>
        <ul>
          <li>
            <Trans>Your personal data: your name, email address, password and settings.</Trans>
          </li>
          <li>
            <Trans>Your access: you can no longer log in, and your sessions on every device end.</Trans>
          </li>
          <li>
            <Trans>Your membership of every company you belong to.</Trans>
          </li>
        </ul>
      </Section>

      <Section title={t`What is kept`}>
        <ul>
          <li>
            <Trans>
              Orders you placed and their invoicing data, for as long as Greek tax law requires the companies and suppliers to keep them.
            </Trans>
          </li>
          <li>
            <Trans>Your company: its account, addresses, billing details, favourites and orders stay for your colleagues.</Trans>
          </li>
        </ul>
      </Section>

      <Section title={t`Before you ask`}>
        <ul>
          <li>
            <Trans>
              If you are the only super user of a company, first make a colleague a super user: a company cannot be left without one. If you
              are its only user, tell us in your request whether the company’s account should be closed too.
            </Trans>
          </li>
          <li>
            <Trans>
              Make sure no order is waiting to be sent from any of your devices: once the account is deleted, a waiting order can no longer
              be sent.
            </Trans>
          </li>
        </ul>
      </Section>

      <Section title={t`How to ask`}>
        <p>
          <Trans>
            Ask from <Link to={paths.myAccount}>My account</Link>, or <Link to={paths.contact}>contact us</Link> from the email address of
            your account. We confirm the request by email and complete it within 30 days.
          </Trans>
        </p>
      </Section>
    </StaticPage>
  );
}
