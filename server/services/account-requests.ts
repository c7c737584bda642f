import type { Db, Queryable } from '../db/client';
import type { CommunicationPreferences, CommunicationPreferencesResult, DeletionRequestState } from '../../src/contracts/account-requests';
import type { Mail, Mailer } from './mailer';

/**
 * A customer's requests about their own account (docs/decisions/024-account-requests.md). Deleting an account is
 * done by customer service, not at once: orders stay for the tax records, and a sole super user must first hand
 * over the company. So the request is recorded once (a repeat answers the open one) and mailed to customer
 * service, with a copy to the customer.
 */

type Person = { id: string; email: string; firstname: string; lastname: string };

const plain = (text: string) => text.replace(/\p{Cc}+/gu, ' ').trim();

function toIso(value: Date | string): string {
  return new Date(value).toISOString();
}

export async function openDeletionRequest(q: Queryable, customerId: string): Promise<DeletionRequestState> {
  const [row] = await q.query<{ requested_at: Date | string; reason: string }>(
    'select requested_at, reason from account_deletion_requests where customer_id = $1 and handled_at is null',
    [customerId],
  );
  return row ? { requested_at: toIso(row.requested_at), reason: row.reason } : null;
}

function deletionMails(supportEmail: string, customer: Person, reason: string, companies: string[]): Mail[] {
  const who = `${plain(customer.firstname)} ${plain(customer.lastname)} <${customer.email}>`;
  return [
    {
      to: supportEmail,
      subject: `Account deletion request: ${customer.email}`,
      text:
        `${who} (customer ${customer.id}) asked to delete their account.\n\n` +
        `Companies: ${companies.length > 0 ? companies.map(plain).join(', ') : 'none'}\n` +
        `Reason: ${reason ? plain(reason) : '(none given)'}\n\n` +
        'Keep the orders for the tax records; if the customer is the sole super user of a company, agree a new one first.\n',
    },
    {
      to: customer.email,
      subject: 'We received your request to delete your account',
      text:
        `Hello ${plain(customer.firstname)},\n\nWe received your request to delete your marketplace account. Customer service ` +
        'will handle it within 30 days and write to you when it is done. Until then you can keep using your account.\n\n' +
        'If you did not ask for this, reply to this mail or contact customer service.\n',
    },
  ];
}

/** Records the request once and mails it; answers the open request and whether this call made it. */
export async function requestAccountDeletion(
  db: Db,
  mailer: Mailer,
  supportEmail: string,
  customer: Person,
  reason: string,
): Promise<{ request: NonNullable<DeletionRequestState>; created: boolean; delivery: Promise<void> }> {
  const inserted = await db.query<{ requested_at: Date | string; reason: string }>(
    `insert into account_deletion_requests (customer_id, reason) values ($1, $2)
     on conflict (customer_id) where handled_at is null do nothing
     returning requested_at, reason`,
    [customer.id, reason],
  );
  const row = inserted[0];
  if (!row) {
    const open = await openDeletionRequest(db, customer.id);
    if (open) return { request: open, created: false, delivery: Promise.resolve() };
    throw new Error('deletion request vanished');
  }
  const companies = (
    await db.query<{ company: string }>(
      'select b.company from buyer_users u join buyers b on b.id = u.buyer_id where u.customer_id = $1 order by b.company',
      [customer.id],
    )
  ).map((r) => r.company);
  const delivery = Promise.all(deletionMails(supportEmail, customer, reason, companies).map((mail) => mailer.send(mail))).then(
    () => undefined,
  );
  return { request: { requested_at: toIso(row.requested_at), reason: row.reason }, created: true, delivery };
}

export async function communicationPreferences(q: Queryable, customerId: string): Promise<CommunicationPreferencesResult> {
  const [row] = await q.query<{ newsletter: boolean; supplier_offers: boolean; updated_at: Date | string }>(
    'select newsletter, supplier_offers, updated_at from communication_preferences where customer_id = $1',
    [customerId],
  );
  if (!row) return { newsletter: false, supplier_offers: false, updated_at: null };
  return { newsletter: row.newsletter, supplier_offers: row.supplier_offers, updated_at: toIso(row.updated_at) };
}

export async function saveCommunicationPreferences(
  q: Queryable,
  customerId: string,
  choice: CommunicationPreferences,
): Promise<CommunicationPreferencesResult> {
  await q.query(
    `insert into communication_preferences (customer_id, newsletter, supplier_offers, updated_at) values ($1, $2, $3, now())
     on conflict (customer_id) do update
     set newsletter = excluded.newsletter, supplier_offers = excluded.supplier_offers, updated_at = now()`,
    [customerId, choice.newsletter, choice.supplier_offers],
  );
  return communicationPreferences(q, customerId);
}
