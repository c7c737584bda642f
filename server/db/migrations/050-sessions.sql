-- Sessions that end on the server (docs/decisions/005-session-and-tokens.md, "Ending a session").
-- A session is one refresh-token family: a login opens it; logout, the reuse of a used refresh token, a
-- password change or reset end it. Access tokens and live-event tickets name their family, and every
-- request checks this row (through a cache of a few seconds per bridge instance), so an ended session
-- stops working on every instance within seconds, not when its access token expires.
create table session_families (
  family_id text primary key,
  customer_id text not null references customers (id) on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_reason text check (revoked_reason in ('logout', 'reuse', 'password'))
);
create index session_families_open_by_customer on session_families (customer_id) where revoked_at is null;

-- Families that already exist. A family was revoked as a whole, so any revoked row means the family is.
insert into session_families (family_id, customer_id, created_at, revoked_at)
select family_id, min(customer_id), min(issued_at), max(revoked_at)
from refresh_tokens
group by family_id;

alter table refresh_tokens
  add constraint refresh_tokens_family_fkey foreign key (family_id) references session_families (family_id) on delete cascade;

-- The family row is now the only place a revocation is written.
alter table refresh_tokens drop column revoked_at;
