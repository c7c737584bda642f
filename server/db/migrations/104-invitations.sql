-- A super user invites someone by email to become a user of the buyer (docs/decisions/026-company-users.md).
-- Only the SHA-256 of the mailed token is stored; a resend replaces it, so the older link stops working.
-- An invitation is accepted once; a revoked or expired one is as good as none.
create table invitations (
  id text primary key,
  buyer_id text not null references buyers (id) on delete cascade,
  email text not null,
  invited_by text references customers (id) on delete set null,
  token_hash text not null unique,
  status text not null default 'sent' check (status in ('sent', 'accepted', 'revoked')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by text references customers (id) on delete set null
);
create index invitations_buyer on invitations (buyer_id, status);
create index invitations_open_email on invitations (buyer_id, lower(email)) where status = 'sent';
