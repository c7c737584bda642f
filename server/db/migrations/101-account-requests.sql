-- A customer's request to delete their account (docs/decisions/024-account-requests.md): one open request per
-- customer; customer service handles it (mailed to SUPPORT_EMAIL) and marks it done. A repeat answers the open one.
create table account_deletion_requests (
  id bigserial primary key,
  customer_id text not null references customers (id) on delete cascade,
  reason text not null default '',
  requested_at timestamptz not null default now(),
  handled_at timestamptz
);
create unique index account_deletion_requests_open on account_deletion_requests (customer_id) where handled_at is null;

-- What a customer agreed to be sent, with when they last said so (a consent record): news and offers of the
-- marketplace, and suppliers' offers. Transactional mails (confirmations, password resets) are not optional.
create table communication_preferences (
  customer_id text primary key references customers (id) on delete cascade,
  newsletter boolean not null default false,
  supplier_offers boolean not null default false,
  updated_at timestamptz not null default now()
);
