-- Administrators logging in as a customer (docs/decisions/025-admin-login-as.md).
-- A login-as session is a session of the target customer that also names the administrator who opened it
-- (its access tokens carry that id, and every refresh keeps it) and has a hard end: it cannot be refreshed
-- past `ends_at`, whatever its refresh tokens say. Ordinary sessions have neither.
alter table session_families add column admin_id text references customers (id) on delete cascade;
alter table session_families add column ends_at timestamptz;

-- Every login-as and logout-as, with who, as whom, when and from which address. The ids are kept as text
-- without a reference, so the record outlives a deleted account.
create table admin_audit (
  id bigserial primary key,
  admin_id text not null,
  customer_id text not null,
  action text not null check (action in ('login_as', 'logout_as')),
  at timestamptz not null default now(),
  ip text not null default ''
);
create index admin_audit_by_admin on admin_audit (admin_id, at);
create index admin_audit_by_customer on admin_audit (customer_id, at);
