import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../routes/paths';
import { PRIVACY_EMAIL } from '../../shared/contact/support-contact';
import { MailLink, Section, StaticPage } from './static-page';

/**
 * `/privacy`: the privacy policy. What it says the device keeps and the one cookie follow
 * docs/product-rules.md §3.16 and §4.7; change them together.
 */
export function Component() {
  const { t } = useLingui();
  return (
    <StaticPage heading={t`Privacy policy`} lastUpdated>
      <Section title={t`Who we are`}>
        <p>
          <Trans>
            Wholesale Market S.A. (12 Emporiou Street, 104 31 Athens) runs this marketplace and is the controller of the personal data
            described here, under the General Data Protection Regulation (EU) 2016/679 (GDPR) and Greek law 4624/2019. For anything about
            your data, write to <MailLink address={PRIVACY_EMAIL} />.
          </Trans>
        </p>
      </Section>

      <Section title={t`What data we keep`}>
        <ul>
          <li>
            <Trans>About you: your name, email address and password (stored only in a form that cannot be read back).</Trans>
          </li>
          <li>
            <Trans>
              About your company: its name, tax number (ΑΦΜ) and the details the business registry holds for it, billing details, delivery
              addresses and phone numbers, and who its users are.
            </Trans>
          </li>
          <li>
            <Trans>
              What you do in the service: carts, orders (products, quantities, prices, payment method, comments), favourites and your
              settings, such as showing prices with or without VAT.
            </Trans>
          </li>
          <li>
            <Trans>Technical data: your sign-in sessions and the IP address and time of requests, to keep the service secure.</Trans>
          </li>
        </ul>
        <p>
          <Trans>We do not use advertising or analytics trackers, and we do not sell data.</Trans>
        </p>
      </Section>

      <Section title={t`Why we use it`}>
        <ul>
          <li>
            <Trans>
              To provide the service and pass your orders to suppliers: this is needed for the contract with your company (GDPR Article
              6(1)(b)).
            </Trans>
          </li>
          <li>
            <Trans>To keep order and invoicing records as tax law requires (Article 6(1)(c)).</Trans>
          </li>
          <li>
            <Trans>To protect accounts and the service from misuse, which is our legitimate interest (Article 6(1)(f)).</Trans>
          </li>
        </ul>
      </Section>

      <Section title={t`Who receives it`}>
        <p>
          <Trans>
            Each supplier you order from receives what it needs to deliver and invoice that order: your company’s details, the delivery
            address, the order and the name of the person who placed it. Card payments go through a payment provider. Our hosting providers
            process data on our behalf, within the European Union.
          </Trans>
        </p>
      </Section>

      <Section title={t`How long we keep it`}>
        <ul>
          <li>
            <Trans>Your account data: while your account exists; after you ask for deletion, it is erased within 30 days.</Trans>
          </li>
          <li>
            <Trans>Orders and invoicing data: for as long as Greek tax law requires them to be kept.</Trans>
          </li>
          <li>
            <Trans>Sign-in sessions: until you log out or they expire.</Trans>
          </li>
        </ul>
      </Section>

      <Section title={t`What is kept on your device`}>
        <p>
          <Trans>
            So that the app works offline, it keeps data in your browser’s storage (IndexedDB): a copy of the catalogue, your cart, your
            company’s favourites, addresses and orders, orders waiting to be sent, and your sign-in tokens. It also remembers your language
            and the company you last chose.
          </Trans>
        </p>
        <p>
          <Trans>
            When you log out, your company’s addresses, billing details and sent orders are removed from the device. Orders not yet sent,
            your cart, the favourites and the catalogue stay, so that nothing you did offline is lost. To remove everything, clear this
            site’s data in your browser’s settings; orders still waiting to be sent are then lost.
          </Trans>
        </p>
      </Section>

      <Section title={t`Cookies`}>
        <p>
          <Trans>
            We use one cookie, <code>logged_in</code>, which marks that you are signed in and lasts up to 30 days. It is needed for the
            service to work, so it does not require consent. We use no advertising, analytics or third-party cookies.
          </Trans>
        </p>
      </Section>

      <Section title={t`Your rights`}>
        <p>
          <Trans>Under the GDPR you have the right to:</Trans>
        </p>
        <ul>
          <li>
            <Trans>access the personal data we hold about you and get a copy of it;</Trans>
          </li>
          <li>
            <Trans>have inaccurate data corrected (rectification); you can change most of it yourself in My account;</Trans>
          </li>
          <li>
            <Trans>
              have your data erased, except what the law requires us to keep (see <Link to={paths.deleteAccount}>Delete account</Link>);
            </Trans>
          </li>
          <li>
            <Trans>
              receive the data you gave us in a structured, machine-readable format, or have it sent to another service (portability);
            </Trans>
          </li>
          <li>
            <Trans>object to or ask us to restrict some processing.</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            Write to <MailLink address={PRIVACY_EMAIL} /> from the email address of your account. We answer within one month.
          </Trans>
        </p>
        <p>
          <Trans>
            You can also complain to the Hellenic Data Protection Authority (Αρχή Προστασίας Δεδομένων Προσωπικού Χαρακτήρα), 1–3 Kifisias
            Avenue, 115 23 Athens, <a href="https://www.dpa.gr">www.dpa.gr</a>.
          </Trans>
        </p>
      </Section>

      <Section title={t`Security`}>
        <p>
          <Trans>
            All traffic is encrypted, passwords are never stored in readable form, and logging out ends your session on our servers too.
            Tell us at once if you think your account has been misused.
          </Trans>
        </p>
      </Section>

      <Section title={t`Changes and contact`}>
        <p>
          <Trans>
            We will update this policy when what we do with data changes; the date at the top shows the latest version. Questions:{' '}
            <MailLink address={PRIVACY_EMAIL} />, or see the <Link to={paths.contact}>contact page</Link>.
          </Trans>
        </p>
      </Section>
    </StaticPage>
  );
}
