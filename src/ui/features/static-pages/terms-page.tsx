import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../routes/paths';
import { SUPPORT_EMAIL } from '../../shared/contact/support-contact';
import { MailLink, Section, StaticPage } from './static-page';

/** `/terms`: the terms of use of the marketplace; the facts about ordering follow docs/product-rules.md §1 and §4.10. */
export function Component() {
  const { t } = useLingui();
  return (
    <StaticPage heading={t`Terms of use`} lastUpdated>
      <Section title={t`About the service`}>
        <p>
          <Trans>
            Wholesale Market is an online marketplace run by Wholesale Market S.A., where businesses in Greece order from many wholesale
            suppliers in one cart. We run the platform; the products are sold by the suppliers.
          </Trans>
        </p>
        <p>
          <Trans>By creating an account or using the service you accept these terms on behalf of your company.</Trans>
        </p>
      </Section>

      <Section title={t`Who may use it`}>
        <p>
          <Trans>
            The service is only for businesses established in Greece with a valid tax number (ΑΦΜ), such as restaurants, hotels and shops.
            It is not for private individuals.
          </Trans>
        </p>
        <p>
          <Trans>
            Everyone who uses the service acts for a company. The company’s super users decide who may order for it; the company is
            responsible for the orders its users place.
          </Trans>
        </p>
      </Section>

      <Section title={t`Your account`}>
        <ul>
          <li>
            <Trans>An account is personal: do not share it or your password with anyone, colleagues included.</Trans>
          </li>
          <li>
            <Trans>Keep your company’s billing details and delivery addresses correct and up to date.</Trans>
          </li>
          <li>
            <Trans>
              If you think someone else has used your account, change your password and tell us at once at{' '}
              <MailLink address={SUPPORT_EMAIL} />.
            </Trans>
          </li>
        </ul>
      </Section>

      <Section title={t`Orders`}>
        <p>
          <Trans>
            Each order is a contract between your company and one supplier. A cart with products of several suppliers becomes one order per
            supplier.
          </Trans>
        </p>
        <p>
          <Trans>
            An order placed without a connection waits on your device and is sent once the connection returns. It counts as placed when it
            reaches us; until then it exists only on your device. If prices, VAT or stock have changed in the meantime, the order is not
            sent until you accept the changes.
          </Trans>
        </p>
        <p>
          <Trans>
            Each supplier sets its own minimum order value (excluding VAT), delivery time and accepted payment methods. A supplier may
            decline an order it cannot fulfil; the order status then shows it.
          </Trans>
        </p>
      </Section>

      <Section title={t`Prices and VAT`}>
        <p>
          <Trans>
            Prices are set by the suppliers, in euros, and are shown without VAT (ΦΠΑ) unless you choose to see them with VAT. Each price
            states the VAT rate that applies. The catalogue on your device may be out of date while you are offline: the prices that count
            are those confirmed when the order is sent.
          </Trans>
        </p>
      </Section>

      <Section title={t`Payment`}>
        <p>
          <Trans>
            You pay the supplier by card, cash on delivery, IRIS or credit, as each supplier allows. Credit is available only when the
            supplier has approved credit terms for your company, and under those terms.
          </Trans>
        </p>
      </Section>

      <Section title={t`Delivery, returns and complaints`}>
        <p>
          <Trans>
            The supplier delivers, invoices and handles returns and complaints about its products. Contact the supplier first; if you cannot
            agree, <Link to={paths.contact}>contact us</Link> and we will try to help.
          </Trans>
        </p>
      </Section>

      <Section title={t`Fair use`}>
        <p>
          <Trans>
            Do not give false company details, place orders you do not mean to receive, copy the catalogue by automated means, or try to get
            around the security of the service. We may suspend accounts that do.
          </Trans>
        </p>
      </Section>

      <Section title={t`Availability and liability`}>
        <p>
          <Trans>
            We work to keep the service available, but it may be interrupted for maintenance or by faults. We are not responsible for the
            products, their quality or their delivery, which are the supplier’s; nothing in these terms limits liability that Greek law does
            not allow to be limited.
          </Trans>
        </p>
      </Section>

      <Section title={t`Changes to these terms`}>
        <p>
          <Trans>
            We may change these terms. The date at the top of the page shows the latest version; for important changes we will also tell you
            in the app or by email before they apply.
          </Trans>
        </p>
      </Section>

      <Section title={t`Governing law`}>
        <p>
          <Trans>These terms are governed by Greek law. The courts of Athens have jurisdiction over any dispute.</Trans>
        </p>
      </Section>

      <Section title={t`Contact`}>
        <p>
          <Trans>
            Questions about these terms: <MailLink address={SUPPORT_EMAIL} />, or see the <Link to={paths.contact}>contact page</Link>. How
            we handle personal data is described in the <Link to={paths.privacy}>privacy policy</Link>.
          </Trans>
        </p>
      </Section>
    </StaticPage>
  );
}
