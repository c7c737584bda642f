import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../routes/paths';
import { PRIVACY_EMAIL, SUPPORT_EMAIL, SUPPORT_PHONE } from '../../shared/contact/support-contact';
import { MailLink, PhoneLink, Section, StaticPage } from './static-page';
import styles from './static-page.module.css';

/**
 * `/contact`: how to reach the marketplace's customer service (src/ui/shared/contact/support-contact.ts).
 * Suppliers are reached from their own page, since each delivers and invoices its orders.
 */
export function Component() {
  const { t } = useLingui();
  return (
    <StaticPage heading={t`Contact`}>
      <p>
        <Trans>Our customer service helps with your account, your company’s users, the app and orders that cannot be sent.</Trans>
      </p>

      <Section title={t`Customer service`}>
        <dl className={styles.details}>
          <dt>
            <Trans>Email</Trans>
          </dt>
          <dd>
            <MailLink address={SUPPORT_EMAIL} />
          </dd>
          <dt>
            <Trans>Phone</Trans>
          </dt>
          <dd>
            <PhoneLink number={SUPPORT_PHONE} />
          </dd>
          <dt>
            <Trans>Hours</Trans>
          </dt>
          <dd>
            <Trans>Monday to Friday, 09:00–17:00 (Greek time), except public holidays</Trans>
          </dd>
        </dl>
        <p>
          <Trans>
            When you write, please give your company’s name and tax number (ΑΦΜ) and, for an order, its number from{' '}
            <Link to={paths.orders}>your orders</Link>. We answer emails within one working day.
          </Trans>
        </p>
      </Section>

      <Section title={t`Postal address`}>
        <address>
          <Trans>Wholesale Market S.A.</Trans>
          <br />
          <Trans>12 Emporiou Street</Trans>
          <br />
          <Trans>104 31 Athens, Greece</Trans>
        </address>
      </Section>

      <Section title={t`Suppliers`}>
        <p>
          <Trans>
            Each supplier delivers and invoices its own orders. For a delivery, an invoice, a return or a product question, contact the
            supplier from its own supplier page: open it from the <Link to={paths.suppliers}>supplier list</Link> or from any of its
            products.
          </Trans>
        </p>
      </Section>

      <Section title={t`Personal data`}>
        <p>
          <Trans>
            For requests about your personal data write to <MailLink address={PRIVACY_EMAIL} />. See the{' '}
            <Link to={paths.privacy}>privacy policy</Link> and, to close your account, <Link to={paths.deleteAccount}>Delete account</Link>.
          </Trans>
        </p>
      </Section>

      <p>
        <Trans>
          Many questions are answered in the <Link to={paths.faqs}>frequently asked questions</Link>.
        </Trans>
      </p>
    </StaticPage>
  );
}
