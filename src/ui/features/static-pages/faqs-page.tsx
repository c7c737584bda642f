import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../../routes/paths';
import { Question, Section, StaticPage } from './static-page';

/**
 * `/faqs`: the questions buyers ask, in three groups. The answers describe the rules as built
 * (docs/product-rules.md §1, §4.4, §4.10); change them together.
 */
export function Component() {
  const { t } = useLingui();
  return (
    <StaticPage heading={t`Frequently asked questions`}>
      <Section title={t`Ordering and working offline`}>
        <Question question={t`Can I order from several suppliers at once?`}>
          <p>
            <Trans>
              Yes. Products of every supplier go into one cart. At checkout the cart becomes one order per supplier: each supplier receives
              only its own order, delivers it and invoices it.
            </Trans>
          </p>
        </Question>
        <Question question={t`Can I use the app without an internet connection?`}>
          <p>
            <Trans>
              Yes. Once the catalogue has been copied to your device, you can browse suppliers and products, fill your cart, see your
              favourites and your orders, and place orders without a connection.
            </Trans>
          </p>
          <p>
            <Trans>Changing your profile, your password or how prices are shown needs a connection.</Trans>
          </p>
        </Question>
        <Question question={t`When is an order I placed offline sent?`}>
          <p>
            <Trans>
              The order waits on your device and is sent once, as soon as the connection returns. The header shows how many orders are
              waiting; from there you can also send them at once with “Send now”.
            </Trans>
          </p>
          <p>
            <Trans>
              Do not clear the browser’s data for this site while orders are waiting: they exist only on your device until they are sent.
              Logging out does not delete them; they are sent after you log in again.
            </Trans>
          </p>
        </Question>
        <Question question={t`Why can’t I order from a supplier in my cart?`}>
          <p>
            <Trans>
              Each supplier sets a minimum order value, excluding VAT, shown on its supplier page. Until your products from that supplier
              reach it, no order is made for that supplier. A payment method must also be chosen for each supplier.
            </Trans>
          </p>
        </Question>
        <Question question={t`What if a price or the stock changed before my order was sent?`}>
          <p>
            <Trans>
              The order is not sent with the old data. It waits in <Link to={paths.orders}>your orders</Link>, which show what changed; you
              can accept the new prices or quantities and send it again, put the products back in the cart, or delete the order.
            </Trans>
          </p>
        </Question>
      </Section>

      <Section title={t`Account and company`}>
        <Question question={t`Who can register?`}>
          <p>
            <Trans>
              Businesses established in Greece. You register with your company’s tax number (ΑΦΜ), which is looked up in the business
              registry; the company’s name and details are filled in from there. Private individuals and closed businesses cannot register.
            </Trans>
          </p>
        </Question>
        <Question question={t`How do my colleagues get access?`}>
          <p>
            <Trans>
              The person who registers the company becomes its super user. Super users invite colleagues by email and decide who else is a
              super user. A colleague who asks to join the company waits until a super user accepts the request.
            </Trans>
          </p>
        </Question>
        <Question question={t`I work for more than one company. What do I do?`}>
          <p>
            <Trans>
              One account can belong to several companies. After you log in you choose the company you order for; addresses, billing
              details, orders and favourites are always those of the chosen company.
            </Trans>
          </p>
        </Question>
        <Question question={t`Are favourites personal?`}>
          <p>
            <Trans>
              No, they belong to the company: every user of the company sees the same favourites and can add them to the cart. They work
              offline too.
            </Trans>
          </p>
        </Question>
      </Section>

      <Section title={t`Payments and delivery`}>
        <Question question={t`Are prices shown with or without VAT?`}>
          <p>
            <Trans>
              Without VAT (ΦΠΑ) unless you choose otherwise; every price says which it is and at what rate. You can change it in{' '}
              <Link to={paths.priceAppearance}>Price appearance</Link>.
            </Trans>
          </p>
        </Question>
        <Question question={t`How can I pay?`}>
          <p>
            <Trans>Each supplier chooses which of these methods it accepts:</Trans>
          </p>
          <ul>
            <li>
              <Trans>card payment;</Trans>
            </li>
            <li>
              <Trans>cash on delivery;</Trans>
            </li>
            <li>
              <Trans>credit, once the supplier has approved credit terms for your company;</Trans>
            </li>
            <li>
              <Trans>IRIS, the Greek instant payment service, from your bank’s app.</Trans>
            </li>
          </ul>
          <p>
            <Trans>
              The <Link to={paths.suppliers}>supplier list</Link> can be filtered by payment method and by suppliers that offer credit.
            </Trans>
          </p>
        </Question>
        <Question question={t`Who delivers my order, and when?`}>
          <p>
            <Trans>
              Each supplier delivers its own order to the delivery address you chose at checkout. The usual delivery time is on the
              supplier’s page. For questions about a delivery, contact the supplier.
            </Trans>
          </p>
        </Question>
        <Question question={t`Who issues the invoice?`}>
          <p>
            <Trans>
              The supplier, to your company’s billing details. Keep them up to date in{' '}
              <Link to={paths.billingDetails}>Billing details</Link>, where they can also be refreshed from the business registry.
            </Trans>
          </p>
        </Question>
      </Section>

      <p>
        <Trans>
          Did not find your answer? <Link to={paths.contact}>Contact us</Link>.
        </Trans>
      </p>
    </StaticPage>
  );
}
