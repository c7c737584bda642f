-- Proving control of an email address and of a company (docs/decisions/017-proving-control.md).

-- When the customer proved they read mail at `email` (a confirmation or email-change link, a reset or
-- invitation link). Accounts that existed before this migration count as confirmed; the column has no
-- default afterwards, so any new way of creating a customer starts unconfirmed unless it says otherwise.
alter table customers add column email_confirmed_at timestamptz;
update customers set email_confirmed_at = created_at;

-- One-time mail tokens: besides password reset and creation, confirming the account's address and
-- confirming a new address. `email` is the address the token proves control of (the current one, or the
-- new one for a change), so a link mailed to an old address never confirms a later one.
alter table password_tokens drop constraint password_tokens_purpose_check;
alter table password_tokens
  add constraint password_tokens_purpose_check check (purpose in ('reset', 'create', 'confirm_email', 'change_email'));
alter table password_tokens add column email text;
alter table password_tokens
  add constraint password_tokens_email_check check ((purpose in ('confirm_email', 'change_email')) = (email is not null));
create index password_tokens_customer on password_tokens (customer_id, purpose) where used_at is null;

-- A newcomer asks to join a company that is already a buyer; a super user of that buyer approves (the
-- newcomer becomes a plain user) or rejects. The super users are mailed once the newcomer has confirmed
-- their address (`notified_at`), and only such requests can be decided.
create table join_requests (
  id text primary key,
  buyer_id text not null references buyers (id) on delete cascade,
  customer_id text not null references customers (id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  notified_at timestamptz,
  decided_at timestamptz,
  decided_by text references customers (id) on delete set null
);
create unique index join_requests_one_pending on join_requests (buyer_id, customer_id) where status = 'pending';
create index join_requests_buyer on join_requests (buyer_id, status, created_at);
create index join_requests_customer on join_requests (customer_id);
